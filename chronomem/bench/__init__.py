"""Benchmarks behind ``chronomem bench …``. Each sub-module measures one capability and returns a flat dict."""

__all__: list[str] = []  # run them through `chronomem bench …` (chronomem.cli); each module's `run` returns figures
