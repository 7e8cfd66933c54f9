# The handset starts here. The board module (firmware/boards/<name>/board.py, installed
# as board.py) names the pins and makes the drivers: display() first, so the 10,240-byte
# frame is allocated right after gc.collect() while the heap is whole, then keypad().
# The app runs on the real clock (time.ticks_ms: the bots' pace is in ms, whatever the
# processor); the loop sleeps PAUSE_MS whenever idle() had nothing to show, and while
# timed work is held (app.timed: a bot's thinking dots or its pop-up, the pot's slide)
# it calls idle() only when app.wait says something is due (each idle() is some 45,000
# instructions of the handset's CPU: a one-second pop-up took 35 of them for nothing),
# reading the keys every HOLD_MS meanwhile (a key still skips the pause within HOLD_MS).
import gc

from micropython import const

SAVES = "/saves"    # beside the A/B firmware folders a flash swaps, so saves outlive it
PAUSE_MS = const(10)
HOLD_MS = const(30)


def frozen_first():
    """With the game frozen in (its folder on the filesystem holds main.py alone), imports
    look in .frozen first: searched first, the folder on littlefs costs every import of a
    frozen module some 60-95 thousand instructions of stat calls in vain (0.5 M of the
    start, qemu M0 image). An .mpy install (app.mpy in the folder) keeps the order, so
    its files come before any frozen copy. Nothing to do on CPython."""
    import sys
    path = sys.path
    if ".frozen" not in path or path[0] == ".frozen":
        return
    import os
    try:
        os.stat("app.mpy")
        return
    except OSError:
        pass
    path.remove(".frozen")
    path.insert(0, ".frozen")


def main():
    gc.collect()
    frozen_first()
    try:
        import board
    except ImportError:
        print("main: no board module: install firmware/boards/<name>/board.py as board.py")
        return
    display = board.display()       # the panel wakes meanwhile: its first frame is the title's
    pad = board.keypad()
    try:
        from time import sleep_ms, ticks_diff, ticks_ms
    except ImportError:  # CPython
        from time import sleep, time

        from ui.screen import ticks_diff

        def sleep_ms(ms):
            sleep(ms / 1000)

        def ticks_ms():
            return int(time() * 1000) & 0x3FFFFFFF
    from app import App
    from store import Store
    app = App(display, store=Store(SAVES), clock=ticks_ms)
    make = getattr(board, "buzzer", None)
    if make is not None:
        app.sound = make()              # before start(): the saved volume is set on it
    app.start()
    gc.collect()
    while not app.done:             # Exit on the title ends the loop
        code = pad.get()
        if code:
            app.key(code)
            continue
        if app.timed:               # a bot's pause held: nothing due for app.wait ms
            d = app.wait - ticks_diff(ticks_ms(), app.now)
            if d > 0:               # the keys read every HOLD_MS meanwhile
                sleep_ms(d if d < HOLD_MS else HOLD_MS)
                continue
        if not app.idle():          # nothing changed
            sleep_ms(PAUSE_MS)


if __name__ == "__main__":
    main()
