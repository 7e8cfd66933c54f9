"""The simulator's window (pygame-ce): the handset's screen scaled up and a clickable
keypad below it. Started by tools/sim/__main__.py when no --keys are given."""
import os
import sys

from tools.sim import core as simcore
from drivers import keypad, keys

PC_KEYS = ("PC: arrows, Enter=OK, F1/F2 soft keys, F3 call,",
           "Esc end, 0-9 * #; Ctrl+Q or closing the window quits")

# The keypad as drawn: rows of (label, key code), like the handset's keys.
PAD = (
    (("Soft L", keys.SL), ("Up", keys.UP), ("Soft R", keys.SR)),
    (("Left", keys.LEFT), ("OK", keys.OK), ("Right", keys.RIGHT)),
    (("Call", keys.CALL), ("Down", keys.DOWN), ("End", keys.END)),
    (("1", keys.D0 + 1), ("2", keys.D0 + 2), ("3", keys.D0 + 3)),
    (("4", keys.D0 + 4), ("5", keys.D0 + 5), ("6", keys.D0 + 6)),
    (("7", keys.D0 + 7), ("8", keys.D0 + 8), ("9", keys.D0 + 9)),
    (("*", keys.STAR), ("0", keys.D0), ("#", keys.HASH)),
)
MARGIN = 12
ROW_H = 26
GAP = 4
HELP_H = 48
BODY = (34, 36, 42)
BUTTON = (70, 74, 86)
PRESSED = (250, 200, 40)
TEXT = (235, 235, 235)
COLOURED = {keys.CALL: (40, 150, 70), keys.END: (180, 40, 50)}
FPS = 30
# The handset's pace (firmware/main.py): after a key its loop calls app.idle() at once,
# then every ~10 ms (sleep_ms(10) when nothing changed or a pop-up is held), and the
# bots' pace (settings.PACE_THINK and PACE_POP) is in ms of its clock. The window does
# the same: one idle() per IDLE_MS that has passed, each with its time as the app's
# clock, so a bot thinks and its pop-up stays as long as on the handset, and Bot pace
# changes it.
IDLE_MS = 10
CATCH_UP = 20           # idle calls a frame may owe at most (200 ms); after a longer stall
                        # (a window dragged) the pace resumes from now, with no burst


def display_available():
    """False when no one could see a window: Linux/BSD without X or Wayland, or SDL told
    to draw nowhere (SDL_VIDEODRIVER=dummy or offscreen)."""
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in ("dummy", "offscreen"):
        return False
    if driver:
        return True
    if sys.platform.startswith(("win", "darwin")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def pc_key(event):
    """The handset key code for a pygame KEYDOWN event, or 0."""
    import pygame
    named = {
        pygame.K_UP: keys.UP, pygame.K_DOWN: keys.DOWN, pygame.K_LEFT: keys.LEFT,
        pygame.K_RIGHT: keys.RIGHT, pygame.K_RETURN: keys.OK, pygame.K_KP_ENTER: keys.OK,
        pygame.K_SPACE: keys.OK, pygame.K_F1: keys.SL, pygame.K_F2: keys.SR,
        pygame.K_F3: keys.CALL, pygame.K_ESCAPE: keys.END, pygame.K_BACKSPACE: keys.END,
        pygame.K_KP_MULTIPLY: keys.STAR,
    }
    if event.key in named:
        return named[event.key]
    if pygame.K_KP_1 <= event.key <= pygame.K_KP_9:
        return keys.D0 + 1 + event.key - pygame.K_KP_1
    if event.key == pygame.K_KP_0:
        return keys.D0
    ch = event.unicode
    if ch and "0" <= ch <= "9":
        return keys.D0 + ord(ch) - ord("0")
    if ch == "*":
        return keys.STAR
    if ch == "#":
        return keys.HASH
    return 0


current = None      # the open Window (tests click its buttons)


# The screens' arrow symbols, spelt out for the window's help line.
ARROW_WORDS = (("\u25b2\u25bc", "Up/Down"), ("\u25c0\u25b6", "Left/Right"),
               ("\u25c4\u25ba", "Left/Right"), ("\u25b2", "Up"), ("\u25bc", "Down"),
               ("\u25c0", "Left"), ("\u25b6", "Right"), ("\u25c4", "Left"), ("\u25ba", "Right"))


class Window:
    def __init__(self, pygame, scale):
        self.pg = pygame
        self.scale = scale
        self.sw = simcore.WIDTH * scale
        self.sh = simcore.HEIGHT * scale
        self.width = self.sw + 2 * MARGIN
        pad_h = len(PAD) * (ROW_H + GAP)
        self.height = MARGIN + self.sh + MARGIN + pad_h + HELP_H
        self.surface = pygame.display.set_mode((self.width, self.height))
        pygame.display.set_caption("Svara")
        self.font = pygame.font.Font(None, 22)
        self.small = pygame.font.Font(None, 18)
        self.buttons = []
        bw = (self.sw - 2 * GAP) // 3
        y = MARGIN + self.sh + MARGIN
        for row in PAD:
            x = MARGIN
            for label, code in row:
                self.buttons.append((pygame.Rect(x, y, bw, ROW_H), label, code))
                x += bw + GAP
            y += ROW_H + GAP
        self.pressed = 0

    def button_at(self, pos):
        for rect, _label, code in self.buttons:
            if rect.collidepoint(pos):
                return code
        return 0

    def draw(self, frame, help_line):
        pg = self.pg
        for symbol, word in ARROW_WORDS:    # pygame's default font has no arrows
            help_line = help_line.replace(symbol, word)
        s = self.surface
        s.fill(BODY)
        s.blit(simcore.surface_of(frame, self.scale), (MARGIN, MARGIN))
        for rect, label, code in self.buttons:
            colour = PRESSED if code == self.pressed else COLOURED.get(code, BUTTON)
            pg.draw.rect(s, colour, rect, border_radius=6)
            text = self.font.render(label, True, TEXT)
            s.blit(text, text.get_rect(center=rect.center))
        y = self.height - HELP_H + 2
        for line in (help_line,) + PC_KEYS:
            text = self.small.render(line, True, TEXT)
            s.blit(text, (MARGIN, y))
            y += 15
        pg.display.flip()


class quiet_stderr:
    """Within it, what C libraries write on file descriptor 2 goes nowhere (libasound
    prints eight lines when SDL tries a sound card that is not there)."""

    def __enter__(self):
        self.saved = None
        try:
            sys.stderr.flush()
            self.saved = os.dup(2)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 2)
            os.close(null)
        except (OSError, ValueError, AttributeError):
            self.saved = None
        return self

    def __exit__(self, *exc):
        if self.saved is not None:
            os.dup2(self.saved, 2)
            os.close(self.saved)
        return False


class WindowBuzzer:
    """The handset's buzzer in the window (drivers/buzzer.py's play() / tick() / volume):
    the same tones as square waves through pygame.mixer; silent when SDL has no sound
    device (the mixer fails to start)."""

    RATE = 22050

    def __init__(self, pygame, say=None):
        self.volume = 1
        self.sounds = {}
        self.pg = None
        if pygame.mixer.get_init():
            self.pg = pygame
            return
        try:
            with quiet_stderr():     # no sound card: ALSA's own lines on stderr, unasked
                pygame.mixer.init(self.RATE, -16, 1)
            self.pg = pygame
        except pygame.error as e:
            if say is not None:
                say("sim: no sound (%s): the window plays silent" % (
                    " ".join(str(e).split()) or "no audio device"))

    def play(self, kind):
        from drivers import buzzer
        if not self.volume or self.pg is None:
            return
        sound = self.sounds.get(kind)
        if sound is None:
            import array
            half = max(1, self.RATE // (2 * buzzer.FREQ[kind]))
            n = self.RATE * buzzer.MS[kind] // 1000
            wave = array.array("h", [8000 if (i // half) & 1 else -8000 for i in range(n)])
            sound = self.sounds[kind] = self.pg.mixer.Sound(buffer=wave.tobytes())
        sound.set_volume(0.25 if self.volume == 1 else 1.0)
        sound.play()
        self.played = kind

    def left(self):
        """No tone for the app to end (the mixer ends its own): -1, as the buzzer's."""
        return -1

    def tick(self):
        pass


class Pad:
    """The window's keys as the handset's keypad driver gives them (drivers/keypad.py):
    every press in the order it came (several in one frame are all played), and a held
    repeating key (arrows) again after REPEAT_DELAY_MS, then every REPEAT_MS, until it is
    let go. Times are milliseconds (pygame.time.get_ticks(), or a test's clock)."""

    def __init__(self):
        self.held = 0           # the repeating key held down, or 0
        self.source = None      # what holds it: ("key", pygame key) or ("mouse", 1)
        self.next = 0

    def press(self, code, now, source):
        if code in keypad.REPEATING:
            self.held = code
            self.source = source
            self.next = now + keypad.REPEAT_DELAY_MS
        else:
            self.held = 0

    def release(self, source):
        if source == self.source:
            self.held = 0
            self.source = None

    def repeats(self, now):
        """The repeats due by `now` (a frame may owe more than one after a stall: at
        most three, as the handset's loop would not have caught up either)."""
        out = []
        while self.held and now >= self.next and len(out) < 3:
            out.append(self.held)
            self.next += keypad.REPEAT_MS
        if self.held and now >= self.next:
            self.next = now + keypad.REPEAT_MS
        return out


class Loop:
    """One window frame at a time: its events and the clock in, keys and idles to the
    runner, the window redrawn. frame() answers False when the window should close
    (closed, Ctrl+Q, or Exit on the title)."""

    def __init__(self, window, runner, opts):
        self.window = window
        self.runner = runner
        self.trace = opts.get("trace")
        self.shots = opts.get("shots")
        self.pad = Pad()
        self.step = 0
        self.due = None         # when the next idle() is due (ms), None before the first frame
        self.traced = None      # the trace line printed last (--trace)
        app = getattr(runner, "app", None)      # the CPython runner: the window's sound
        if app is not None:                     # (under --micropython the app has none)
            app.sound = WindowBuzzer(window.pg, opts.get("say"))

    def frame(self, events, now):
        pg = self.window.pg
        window = self.window
        runner = self.runner
        codes = []
        for event in events:
            if event.type == pg.QUIT:
                return False
            if event.type == pg.KEYDOWN:
                if event.key == pg.K_q and event.mod & pg.KMOD_CTRL:
                    return False
                code = pc_key(event)
                if code:
                    codes.append(code)
                    self.pad.press(code, now, ("key", event.key))
            elif event.type == pg.MOUSEBUTTONDOWN and event.button == 1:
                code = window.button_at(event.pos)
                if code:
                    codes.append(code)
                    self.pad.press(code, now, ("mouse", 1))
            elif event.type == pg.KEYUP:
                self.pad.release(("key", event.key))
                if window.pressed and not self.pad.held:
                    window.pressed = 0
                    window.draw(runner.frame(), runner.help())
            elif event.type == pg.MOUSEBUTTONUP and event.button == 1:
                self.pad.release(("mouse", 1))
                if window.pressed:
                    window.pressed = 0
                    window.draw(runner.frame(), runner.help())
        codes += self.pad.repeats(now)
        if self.due is None:
            self.due = now
        first = self.step + 1
        for code in codes:
            self.step += 1
            window.pressed = code
            runner.press(code, now)
            self.due = now      # main.py's loop goes on to idle() at once after a key
            self._trace(simcore.key_name(code))
        changed = bool(codes)
        n = 0
        while self.due <= now and n < CATCH_UP:
            if runner.idle(self.due):
                changed = True
                self._trace("")
            self.due += IDLE_MS
            n += 1
        if self.due <= now:
            self.due = now + IDLE_MS
        if changed:
            window.draw(runner.frame(), runner.help())
        for step in range(first, self.step + 1) if self.shots else ():
            # each key's shot: the window after the frame it came in
            pg.image.save(window_shot(runner), os.path.join(self.shots, "%04d.png" % step))
        return runner.trace() != "off"          # Exit on the title: the game is left

    def _trace(self, key):
        """--trace: a line after each key (its number and name), and one whenever idle()
        changes what the trace says (a bot thinks, acts, a pop-up goes)."""
        if not self.trace:
            return
        line = self.runner.trace()
        if key or line != self.traced:
            print("%04d %-5s %s" % (self.step, key or "-", line), flush=True)
        self.traced = line


def play(opts):
    """Open the window and run until it is closed; 2 if no window can be opened."""
    if not display_available():
        print("sim: no display to open a window on (DISPLAY and WAYLAND_DISPLAY unset, or "
              "SDL_VIDEODRIVER=dummy); run headless: --keys \"OK DOWN ...\" [--shots DIR]",
              file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    try:
        pygame.display.init()
        pygame.font.init()
        window = Window(pygame, opts["scale"] or 3)
        global current
        current = window
    except pygame.error as e:
        print("sim: cannot open a window: %s" % e, file=sys.stderr)
        return 2
    runner = simcore.runner(opts["micropython"], opts["seed"], opts["heap"],
                            save_dir=opts.get("save_dir"), watch_help=True)
    shots = opts["shots"]
    try:
        runner.start()
        if shots:
            os.makedirs(shots, exist_ok=True)
            pygame.image.save(window_shot(runner), os.path.join(shots, "0000.png"))
        window.draw(runner.frame(), runner.help())
        clock = pygame.time.Clock()
        loop = Loop(window, runner, dict(opts, say=lambda line: print(line, file=sys.stderr)))
        while loop.frame(pygame.event.get(), pygame.time.get_ticks()):
            clock.tick(FPS)
        return 0
    finally:
        runner.close()
        pygame.quit()


def window_shot(runner):
    return simcore.surface_of(runner.frame(), 1)
