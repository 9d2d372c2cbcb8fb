"""The fuzz harness: every entry point that takes outside input, fed hostile input.

Run in CI at the size of the ``ci`` hypothesis profile; by hand at any size with
``python -m tests.fuzz --inputs 100000`` (see docs/reliability.md).
"""
