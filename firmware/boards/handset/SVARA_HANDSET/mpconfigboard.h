// The Svara handset: a Raspberry Pi Pico (RP2040, 2 MB flash) with the game frozen in.
// Flash map: the firmware in the first 1 MB, littlefs in the last 1 MB (RPI_PICO keeps
// only 640 KB for the firmware, and the game's image runs into its filesystem).
// mpconfigboard.cmake reads SVARA_FS_BYTES below and refuses at link an image that
// comes within 32 KB of the filesystem.
#define MICROPY_HW_BOARD_NAME                   "Svara handset (Raspberry Pi Pico)"
#define SVARA_FS_BYTES                          (1024 * 1024)
#define MICROPY_HW_FLASH_STORAGE_BYTES          SVARA_FS_BYTES
