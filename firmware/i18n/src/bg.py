# Bulgarian (български). The same names, shapes and %-placeholders as en.py; the game's
# own words: пас, плащам, вдигам, на тъмно, под (the pot), вход (the ante), свара,
# Чичо Лари (the 7♣). host_tests/firmware/test_i18n.py checks that every line fits its place.

# Soft keys.
SELECT = "Избери"
BACK = "Назад"
PLAY = "Играй"
QUIT = "Изход"
NEXT = "Напред"
YES = "Да"
NO = "Не"
OK = "OK"
SHOW = "Покажи"

# Title menu.
TITLE = "С В А Р А"
MENU = ("Нова игра", "Продължи", "Настройки", "Правила", "Статистика", "Изход")
HELP_MENU = "\u25b2\u25bc избор  OK отвори"
NO_MATCH = "Няма започната игра"

# New game and settings.
NEW_GAME = "Нова игра"
SETTINGS = "Настройки"
OPTIONS = ("Хора", "Ботове", "Ниво на ботове", "Чипове", "Вход", "Чичо Лари 7\u2663",
           "Две 7 = 23", "Вдигания", "На тъмно", "Мин. на тъмно", "Вход в свара",
           "Темпо на ботове")
START = "Започни играта"
DONE = "Готово"
HELP_OPTIONS = "\u25b2\u25bc избор \u25c0\u25b6 промяна"
ON_OFF = ("не", "да")
LEVELS = ("лесно", "средно", "трудно")
BUY_INS = ("поравно", "половин", "без пари")
PACES = ("бавно", "средно", "бързо")
NO_CAP = "без лимит"
AS_ANTE = "= вход"

# Seat names.
YOU = "Ти"
PERSON = "И%d"
BOT = "Бот %d"

# The table.
POT = "Под %d"
LEVEL = "Залог %d"
GAME_NO = "#%d"
SVARA_MARK = "СВАРА"
ST_BLIND = "тъмно %d"
ST_IN = "в игра"
ST_BET = "дал %d"
ST_PASSED = "пас"
ST_OUT = "вън"
ST_TIED = "свара"
ST_ASKED = "влиза?"
ST_NO_JOIN = "не влиза"  # asked to join a svara, said no (its row, its pop-up)
ACT_PASS = "Пас"
ACT_CALL = "Плащам %d"
ACT_OPEN = "Залагам %d"
ACT_RAISE = "Вдигам %d"
ACT_BLIND = "На тъмно %d"
ACT_JOIN = "Влизам %d"
DID = ("%s каза пас", "%s плати", "%s вдигна на %d", "%s на тъмно %d", "%s влезе")
DID_OPEN = "%s заложи %d"
DID_NO_BLIND = "%s: не на тъмно"
THINKING = "%s мисли"
YOUR_TURN = "Твой ред, %s"
YOUR_TURN_1 = "Твой ред"
NO_CARDS = "без карти"
POINTS = "Точки: %d"
AMOUNT_RANGE = "%d..%d"
HELP_TURN = "\u25b2\u25bc ход \u25c0\u25b6 чипове"
HELP_TURN_FIXED = "\u25b2\u25bc ход  OK играй"
HELP_WAIT = "моля, изчакай"
HELP_COVER = "OK: покажи картите"
COVER_TITLE = "Дай телефона"
COVER_TO = "на %s"
COVER_NOTE = ("Гледа само %s.", "Натисни OK, за да", "видиш картите си.")
QUIT_ASK = ("Напускаш играта?", "Можеш да се върнеш", "с Продължи.")
HELP_QUIT = "OK: изход  END: остани"
# The chances (the * key).
ODDS = ("Победа", "Свара", "Загуба")
ODDS_PCT = "%d,%d%%"
ODDS_NOTE = "Ако всички покажат сега:"
HELP_ODDS = "*: назад  OK играй"

# Showdown, svara, game over.
SHOWDOWN = "Открити карти"
GAME_TITLE = "Игра %d"
WINS = "%s печели %d"
YOU_WIN = "Ти печелиш %d"
WHY = ("", "Всички казаха пас:", "Никой не плати тъмното:", "Всички други са пас:", "")
WHY_2 = ("", "подът е за раздаващия", "подът е за тъмния залог", "картите не се показват",
         "")
SVARA = "СВАРА!"
SVARA_TIE = "Равни на %d точки"
SVARA_POT = "Подът %d остава."
SVARA_JOIN = "Другите влизат с %d"
SVARA_FREE = "Другите влизат без пари"
HELP_NEXT = "OK: следваща игра"
HELP_SVARA = "OK: играй сварата"
GAME_OVER = "Край на играта"
MATCH_WON = "%s печели мача"
YOU_WON = "Ти спечели мача!"
YOU_OUT = "Нямаш повече чипове"
AGAIN = ("Играй отново", "Начало")
HELP_AGAIN = "\u25b2\u25bc избор  OK отвори"

# Statistics.
STATS = "Статистика"
STAT_NAMES = ("Мачове", "Мачове с победа", "Игри", "Игри с победа",
              "Свари", "Най-добра ръка",
              "Макс. взет под", "Печалба/загуба")
HELP_BACK = "END или Назад: връщане"

# Rules pages.
RULES = "Правила"
HELP_RULES = "\u25c0\u25b6 страница  END назад"
PAGE = "%d/%d"
CARD_POINTS = "Точки за карта"
CARD_POINT_LINES = ("7 8 9 носят 7 8 9 точки,", "10 J Q K носят по 10,",
                    "асо носи 11.", ("J", ("Без жокер: 7\u2663 е седмица.",), ("7\u2663 е Чичо Лари (жокер).",)))
HANDS = "Точки на ръка"
HAND_ROWS = (
    ("Един цвят: сборът", "10d 9d Jd"),
    ("Смесени: най-добрият цвят", "Kh 9h Qc"),
    ("Аса: по 11 всяко", "As Ad 10c"),
    ("Чичо Лари влиза в цвят", "7c Ah Kh"),
    ("Чичо Лари + чифт", "7c Kh Kd"),
    ("Две седмици: 23", "7h 7d 9s"),
    ("Три еднакви", "Qc Qh Qd"),
    ("Три аса", "Ac Ah Ad"),
    ("Три седмици: най-силна", "7c 7h 7d"),
)
TEXT_PAGES = (
    ("Една игра", (
        ("A", ("Всеки плаща входа (%d);", "който не може, излиза.")),
        ("R", (), ("Входът се удвоява на", "всеки %d игри.")),
        ("B", ("Без залагане на тъмно.",),
         ("Преди раздаването първият", "може да заложи на тъмно", "(%d или повече), всеки",
          "следващ – двойно, до пас.")),
        "Всеки взема 3 карти.",
        "Последният в игра или",
        "най-много точки печели.",
        "Победителят раздава.",
    )),
    ("Залог", (
        "Залогът горе е най-много",
        "дадено в тази игра над",
        "входа. Плащам n: доплащаш",
        "n. Залагам n, Вдигам n:",
        "нов залог n, с поне един",
        "вход отгоре, но не над",
        "всичко на най-бедния в",
        "игра.",
        ("B", (), ("Тъмното се брои изцяло;", "залагането след тъмно е", "поне 2 пъти последното.")),
        ("C", ("Вдигания: без лимит.",), ("По 1 залагане/вдигане.",),
         ("До %d залагания/вдигания.",)),
    )),
    ("Без чек", (
        "Няма чек: докато някой",
        "не заложи, казваш Пас",
        "(излизаш, губиш даденото)",
        "или Залагам. Плащам има",
        ("B", ("само след залагане.",), ("само след залагане, и", "след тъмно също.")),
        "Ако никой не заложи, пода",
        "взема последният по ред:",
        ("B", ("раздаващият, ако играе.",), ("последният на тъмно,", "иначе раздаващият, ако", "играе.")),
    )),
    ("Свара", (
        "Равни най-много точки са",
        "свара: подът остава и се",
        "играе пак, без вход;",
        "равните влизат без пари,",
        "раздаващият е същият.",
        ("U", ("Другите могат да влязат", "отляво на раздаващия с",
               "пода / броя на равните,", "закръглено нагоре: под",
               "25, двама равни: 13."),
              ("Другите могат да влязат", "отляво на раздаващия с",
               "половин под, закръглено", "нагоре (25: 13)."),
              ("Другите могат да влязат", "без пари.")),
        "Мачът свършва, когато",
        "един играч има всичко.",
    )),
    ("Клавиши", (
        "\u25b2\u25bc  избор",
        "\u25c0\u25b6  промяна, чипове",
        "0-9  въведи чипове",
        "*  шансове",
        "#  максимум, 1/2 под, под",
        "OK или левият: изпълни",
        "Зелен клавиш: плащам",
        "Червен: назад или изход",
    )),
    ("Клавиш #", (
        "# дава подред:",
        "1. Най-много позволено:",
        "всичко на най-бедния в",
        "игра (на тъмно: половин).",
        "2. Половин под, 3. Целият",
        "под: залогът расте с",
        "половин под (закръглено",
        "надолу) или с целия под,",
        "с плащането ти в него.",
        "На тъмно: 1/2 под, под;",
        "все в позволеното.",
    )),
    ("Шансове", (
        "В твоя ред * показва",
        "шансовете ти за победа,",
        "свара и загуба, ако",
        "всички в играта покажат",
        "картите си сега.",
        "Броят се точно всички",
        "раздавания на невидимите",
        "карти.",
        "Залозите и картите на",
        "пасувалите не се броят:",
        "сила на ръката, не съвет.",
    )),
)
HELP_CHIPS = "\u25c0\u25b6 0-9 чипове %d..%d"

# Saving and errors (firmware/saving.py, app.py): the help line and the title note.
SAVE_FULL = "Няма място за запис"
SAVE_ERROR = "Грешка при запис %d"
SAVE_DAMAGED = "Повреден запис: %s"
OLDER_COPY = "Взет е по-стар запис"
AFRESH = "Започнато отначало"
GAME_DROPPED = "Играта е изгубена"
NOTE_MEM = "Няма памет"
NOTE_ERR = "Грешка"
RESTORED_MEM = "Няма памет, върнах играта"
RESTORED_ERR = "Грешка: играта е върната"
CONTINUE_LAST = "Продължи: последен запис"
# Why a save file was not whole: empty, not a save, version, cut short, too long,
# checksum, unreadable (firmware/store.py says it in English; saving.py shows these).
DAMAGE_WHY = ("празен", "не е запис", "друга версия", "отрязан", "твърде дълъг", "грешна сума", "нечетим")

# Names; chips kept between matches.
NAME_OF = "Име на %s"
HELP_NAMES = "\u25b2\u25bc избор  OK промени"
HELP_NAME = "OK запази  END отказ"
NAME_KEYS = ("Клавиши 2-9 пишат букви;", "пак: следващата. \u25b6, друг",
             "клавиш, пауза: нататък.", "\u25c0 трий  # Аа  0 интервал",
             "1 . , ' - ! ? &")
NAME_EMPTY = "Първо напиши име"
NAME_FULL = "Няма място за още"

# Issue 17: amounts out of range, the replace question, what applies when, the last game, the Exit row.
AT_MOST = "Най-много %d"
AT_LEAST = "Най-малко %d"
BYE = "Довиждане"
REPLACE_ASK = ("Нова игра?", "Запазената игра", "ще бъде заменена.")
HELP_REPLACE = "OK: нова  END: назад"
NEXT_MATCH = "За следващата нова игра"
HELP_LAST = "OK: краен резултат"
NO_CHANCES = "Шансове след раздаването"

# Issue 17: the # presets of a bet (said on the help line).
PRESETS = ("Най-много позволено", "Половин под", "Целият под")

# Issue 17: a bot's action as a pop-up on its row (5x8, 80 px from the state column): by action as DID.
POP = ("пас", "плаща", "вдига на %d", "на тъмно %d", "влиза")
POP_OPEN = "залага %d"
POP_NO_BLIND = "без тъмно"

# Issue 17: the history screen (ui/history.py) and its soft key on the showdown.
HISTORY = "История"
HELP_HISTORY = "▲▼ превърти ◀▶ игра"
HIST_ANTE = "Входове: под %d"
HIST_CALL = "%s плати %d"
HIST_NO_JOIN = "%s не влезе"
HIST_NONE = "Още няма изиграна игра"

# Issue 17: the menu during play (ui/playmenu.py), on the table's right soft key.
MENU_KEY = "Меню"
PLAY_MENU = ("Обратно в играта", "История", "Правила", "Настройки", "Език", "Към началото")
# The rising ante's value on the options screens: after every %d games.
RISE_EVERY = "през %d"
# The sound's volume on the Sound row: silent, low, high.
VOLUMES = ("без", "тихо", "силно")

# Issue 25 (t25-menus): Back on the options lists asks whether to keep the changes
KEEP_ASK = ("Запази промените?", "Не: всичко става", "както беше.")
HELP_KEEP = "OK: запази  END: не"

# Issue 25 (t25-menus): Statistics: their reset (the left soft key, then the question)
RESET = "Нулирай"
RESET_ASK = ("Да се нулира ли", "статистиката? Всяко", "число става 0.")
HELP_RESET = "OK: нулирай  END: не"
# Issue 25 (t25-table): the table. Declining a blind (its action row); the green key
# with nothing to call, said on the help line by phase (blinds, betting, a svara's
# join); the ante in the header; the line above the message line (after the game's
# number: the games until the ante doubles, or its doubling this game) and the doubling
# said on the help line as the game starts; the question before passing a hand the
# chances favour (the box, its help line) and its Settings row.
ACT_NO_BLIND = "Без тъмно"
NO_CALL = ("Няма залог: тъмно или не", "Няма залог за плащане", "Влез в сварата или пас")
ANTE = "Вход %d"
ANTE_IN = "вход ×2 след %d игри"
ANTE_NEXT = "следваща: вход ×2"
ANTE_DOUBLED = "Входът се удвои: %d"
ANTE_NOW = "входът стана %d"
FOLD_ASK = "Пас с добра ръка?"
HELP_FOLD = "OK: пас  END: назад"
OPT_FOLD = "Питай преди пас"
# The rows of Settings and New game that are not table settings (OPTIONS): the
# language, the names, and the preferences (firmware/settings.py PREFS).
OPT_LANG = "Език"
OPT_NAMES = "Имена"
OPT_DECK = "Четири цвята"
OPT_RISE = "Удвояване"
OPT_SOUND = "Звук"
# Issue 25 (t25-rules): the hand rows' labels when their rule is off; the first-game guide.
HAND_OFF = ("Без жокер: 7\u2663 е седмица", "Без жокер: чифт без бонус", "Две седмици: без 23")
GUIDE_INTRO = ("Първа игра", (
    "Три неща, които масата за",
    "свара прави посвоему:",
    "залогът, липсата на чек",
    "и входът в сварата.",
    "",
    "OK или \u25b6: нататък; END",
    "прескача до масата.",
    "",
    ("P", ("Всичко е и в Правила,", "страници %d до %d.")),
))
HELP_GUIDE = "\u25c0\u25b6 стр.  END пропусни"
SKIP = "Пропусни"
