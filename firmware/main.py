# The handset starts here. The board module (firmware/boards/<name>/board.py, installed
# as board.py) names the pins and makes the drivers: display() first, so the 10,240-byte
# frame is allocated right after gc.collect() while the heap is whole, then keypad().
import gc

SAVES = "/saves"    # beside the A/B firmware folders a flash swaps, so saves outlive it


def main():
    gc.collect()
    try:
        import board
    except ImportError:
        print("main: no board module: install firmware/boards/<name>/board.py as board.py")
        return
    display = board.display()
    pad = board.keypad()
    from app import App
    from store import Store
    app = App(display, store=Store(SAVES))
    make = getattr(board, "buzzer", None)
    if make is not None:
        app.sound = make()              # before start(): the saved volume is set on it
    app.start()
    gc.collect()
    try:
        from time import sleep_ms
    except ImportError:  # CPython
        from time import sleep

        def sleep_ms(ms):
            sleep(ms / 1000)
    while not app.done:             # Exit on the title ends the loop
        code = pad.get()
        if code:
            app.key(code)
        elif not app.idle() or app.timed:   # nothing changed, or a pop-up held
            sleep_ms(10)


if __name__ == "__main__":
    main()
