"""MicroPython runners: wasm (WebAssembly, the tests' interpreter), unix (a unix-port binary), frozen (the frozen-build model); unix_keys.py runs ON MicroPython, by path."""
