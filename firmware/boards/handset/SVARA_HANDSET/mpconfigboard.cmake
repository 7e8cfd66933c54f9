# The Svara handset for MicroPython's rp2 port: make -C ports/rp2 BOARD_DIR=<this folder>
# (README). The game is frozen in from firmware/manifest.py, and the link fails when the
# image comes within SVARA_ROOM bytes of the filesystem's start (mpconfigboard.h).
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)

file(STRINGS ${MICROPY_BOARD_DIR}/mpconfigboard.h SVARA_FS_LINE REGEX "define SVARA_FS_BYTES")
string(REGEX REPLACE ".*\\(([0-9]+) \\* 1024\\).*" "\\1" SVARA_FS_KB "${SVARA_FS_LINE}")
if(NOT SVARA_FS_KB MATCHES "^[0-9]+$")
    message(FATAL_ERROR "svara: write SVARA_FS_BYTES in mpconfigboard.h as (N * 1024)")
endif()
# A change to the header configures again, so the check never reads a size gone by.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${MICROPY_BOARD_DIR}/mpconfigboard.h)
set(SVARA_ROOM 32768)
set(MICROPY_BOARD_LINKER_SCRIPT ${CMAKE_BINARY_DIR}/svara_memmap.ld)
file(WRITE ${MICROPY_BOARD_LINKER_SCRIPT}
    "INCLUDE \"${MICROPY_PORT_DIR}/memmap_mp_rp2040.ld\"\n"
    "ASSERT(__flash_binary_end + ${SVARA_ROOM} <= 0x10000000 + __micropy_flash_size__ - ${SVARA_FS_KB}K,\n"
    "    \"svara: the firmware image ends less than 32 KB below the filesystem (firmware/boards/handset/SVARA_HANDSET/mpconfigboard.h)\")\n")
