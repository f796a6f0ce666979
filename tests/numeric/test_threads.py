"""Every core: large NumPy inputs on a thread pool, bit for bit the result of one thread."""

import numpy
import pytest

from symmetric import InvalidParameterError
from symmetric.numeric import f_beta, g_beta_rho, power_mean, thread_count, thread_limits
from symmetric.numeric._runtime import CHUNK, MIN_CHUNKS_PER_THREAD

N = 2 * MIN_CHUNKS_PER_THREAD * CHUNK + 12345  # enough chunks for two threads, and a short last chunk
RNG = numpy.random.default_rng(5)
P_, R_ = RNG.random(N), 10.0 ** RNG.uniform(-8, 0, N)
P_[::1000] = 0.0


@pytest.mark.parametrize("rho", [-2.0, -1.0, 0.0, 1.0, -0.9, 1e-40, 2.0, -50.0])
def test_threads_give_the_bits_of_one_thread(rho):
    one = g_beta_rho(P_, R_, 2.0, rho, threads=1)
    for threads in (2, 3):
        assert numpy.array_equal(g_beta_rho(P_, R_, 2.0, rho, threads=threads).view(numpy.int64), one.view(numpy.int64))
    assert numpy.array_equal(f_beta(P_, R_, 0.5, threads=2), f_beta(P_, R_, 0.5, threads=1))
    assert numpy.array_equal(power_mean(P_, R_, 3.0, 0.3, validate=False, threads=2),
                             power_mean(P_, R_, 3.0, 0.3, validate=False, threads=1))


def test_a_bad_value_in_another_threads_block_is_reported():
    bad = P_.copy()
    bad[-5] = -1.0
    with pytest.raises(InvalidParameterError, match=r"P.*-1\.0 at index \(%d,\)" % (N - 5)):
        f_beta(bad, R_, 1.0, threads=2)


def test_thread_count_follows_argument_limits_and_environment(monkeypatch):
    monkeypatch.setenv("SYMMETRIC_NUM_THREADS", "3")
    monkeypatch.setenv("OMP_NUM_THREADS", "5")
    assert thread_count() == 3 and thread_count(2) == 2
    with thread_limits(1):
        assert thread_count() == 1 and thread_count(4) == 4
    monkeypatch.delenv("SYMMETRIC_NUM_THREADS")
    assert thread_count() == 5
    monkeypatch.delenv("OMP_NUM_THREADS")
    assert thread_count() >= 1


def test_threadpoolctl_limits_the_pool(monkeypatch, tmp_path):
    import importlib.util

    from symmetric.generate.kernels import module_source

    threadpoolctl = pytest.importorskip("threadpoolctl")
    # a standalone module's copy of the runtime, loaded after threadpoolctl, must not take the pool's place
    (tmp_path / "fb_standalone.py").write_text(module_source("f_beta"), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("fb_standalone", tmp_path / "fb_standalone.py")
    spec.loader.exec_module(importlib.util.module_from_spec(spec))
    monkeypatch.setenv("SYMMETRIC_NUM_THREADS", "3")
    want = g_beta_rho(P_, R_, 2.0, -0.9, threads=1)  # an evaluation on threads registers the pool's controller
    assert numpy.array_equal(g_beta_rho(P_, R_, 2.0, -0.9), want)
    assert any(info["user_api"] == "symmetric" for info in threadpoolctl.threadpool_info())
    with threadpoolctl.threadpool_limits(limits=1):
        assert thread_count() == 1 and thread_count(2) == 2  # the argument still wins
        assert numpy.array_equal(g_beta_rho(P_, R_, 2.0, -0.9), want)
        with thread_limits(2):
            assert thread_count() == 2
    assert thread_count() == 3
    with threadpoolctl.threadpool_limits(limits={"symmetric": 2}):
        assert thread_count() == 2
    with threadpoolctl.threadpool_limits(limits=1, user_api="blas"):  # another library's limit
        assert thread_count() == 3
    monkeypatch.delenv("SYMMETRIC_NUM_THREADS")
    assert thread_count() >= 1
