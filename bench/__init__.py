"""Benchmarks (not tests). Run `make bench`; results go in docs/benchmarks.md."""
