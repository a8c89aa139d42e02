"""Benchmarks behind ``chronomem bench …``. Each sub-module measures one capability and returns a flat dict."""
