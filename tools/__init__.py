"""The host tools, by room; run from the checkout's top as python -m tools.<room>.<module>
(the Makefile's targets do). The rooms import each other absolutely: from tools.mp import wasm."""
