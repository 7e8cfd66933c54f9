"""Generators of committed modules (score table, fonts, languages, odds tables, the Hard bot's strategy) and their inputs in data/."""
