"""The corpus of real documents is data read by test_corpus.py: never collected as tests or doctests."""

collect_ignore_glob = ["corpus/*"]
