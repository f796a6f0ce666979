"""Every install line of the README and docs/ is one that works: the distribution's true name, its extras, the
tools a command needs installed first, a Git reference that exists, and PyTorch for the CPU."""

import re
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def text_of(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def test_no_page_installs_the_unrelated_distribution_named_symmetric():
    # The index's `symmetric` is another project: `pip install symmetric[torch]` installs it, without the extra.
    for page in PAGES:
        found = re.findall(r"""pip install ["']?symmetric\[""", text_of(page))
        assert not found, f"{page.name}: {found}"


def test_every_extra_a_page_names_is_one_the_distribution_has():
    extras = set(tomllib.loads(text_of(ROOT / "pyproject.toml"))["project"]["optional-dependencies"])
    for page in PAGES:
        for names in re.findall(r"""pip install (?:-e )?["']?[^\s"'`]*?\[([\w,-]+)\]""", text_of(page)):
            assert set(names.split(",")) <= extras, f"{page.name}: [{names}]"


def test_python_m_build_is_shown_after_the_command_that_installs_build():
    for page in PAGES:
        text = text_of(page)
        first = text.find("python -m build")
        if first >= 0:
            assert 0 <= text.find("pip install build") < first, page.name


def test_a_git_reference_a_page_pins_is_a_placeholder_or_a_tag_that_exists():
    done = subprocess.run(["git", "-C", str(ROOT), "tag", "--list"], capture_output=True, text=True)
    tags = set(done.stdout.split()) if done.returncode == 0 else set()
    for page in PAGES:
        for ref in re.findall(r"git\+[^\s\"'`]+?\.git@([\w.\-/]+)", text_of(page)):
            assert ref in ("TAG", "COMMIT") or ref in tags, f"{page.name} pins {ref!r}, which is no tag"


def test_pytorch_for_the_cpu_is_a_command_to_copy_and_the_losses_page_points_to_it():
    readme = text_of(ROOT / "README.md")
    section = readme.split("**PyTorch on the CPU.**")[1].split("<!-- install:end -->")[0]
    block = re.search(r"```sh\n(.*?)```", section, flags=re.S).group(1).splitlines()
    assert block[0] == "pip install torch --index-url https://download.pytorch.org/whl/cpu"
    assert block[1].startswith("pip install ") and block[1].endswith('[torch]"')
    assert "no command that installs PyTorch for the CPU" in " ".join(section.split())   # from the index alone
    losses = " ".join(text_of(ROOT / "docs" / "losses.md").split())
    assert losses.count("pip install torch --index-url https://download.pytorch.org/whl/cpu") == 2
