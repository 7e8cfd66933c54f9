"""The simulator: python -m tools.sim (make play), headless or in a window; core runs the firmware."""
