"""Timing and memory helpers shared by the benchmark scripts (run by hand, never by the tests)."""

import time
import tracemalloc


def best_time(func, repeat):
    """The fastest of ``repeat`` wall-clock runs of ``func()``, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def peak_memory(func):
    """Peak bytes allocated while ``func()`` runs, as tracemalloc sees them (NumPy buffers included)."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    func()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak
