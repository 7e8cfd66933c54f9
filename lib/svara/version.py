# The version of the rules library and the game: pyproject.toml reads it for the wheel,
# the handset shows it (Statistics page), CHANGELOG.md says what each version changed.
VERSION = "0.1.0"
