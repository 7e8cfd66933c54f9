"""Long runs: random keys (fuzz, make fuzz) and power cuts (powercut, make powercut)."""
