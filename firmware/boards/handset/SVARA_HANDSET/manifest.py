# The Svara handset's frozen modules: the game's one list (firmware/manifest.py).
include("../../../manifest.py")
