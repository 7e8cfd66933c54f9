"""The handset: build (.mpy and ROMFS), flash, the virtual handset, the mip packages, the type check."""
