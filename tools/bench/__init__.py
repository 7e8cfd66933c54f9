"""Benchmarks: python -m tools.bench (make bench) runs them all; each is python -m tools.bench.<name>."""
