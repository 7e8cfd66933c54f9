# Russian (русский). The same names, shapes and %-placeholders as en.py; the game's own
# words: пас, уравнять, поднять, втёмную, банк, анте, свара.
# host_tests/firmware/test_i18n.py checks that every line fits its place.

# Soft keys.
SELECT = "Выбрать"
BACK = "Назад"
PLAY = "Играть"
QUIT = "Выход"
NEXT = "Далее"
YES = "Да"
NO = "Нет"
OK = "OK"
SHOW = "Показать"

# Title menu.
TITLE = "С В А Р А"
MENU = ("Новая игра", "Продолжить", "Настройки", "Правила", "Статистика", "Выход")
HELP_MENU = "\u25b2\u25bc выбор  OK открыть"
NO_MATCH = "Нет начатой игры"

# New game and settings.
NEW_GAME = "Новая игра"
SETTINGS = "Настройки"
OPTIONS = ("Люди", "Боты", "Уровень ботов", "Фишки", "Анте", "Джокер 7\u2663", "Две 7 = 23",
           "Повышений", "Втёмную", "Мин. втёмную", "Вход в свару", "Темп ботов")
START = "Начать игру"
DONE = "Готово"
HELP_OPTIONS = "\u25b2\u25bc выбор \u25c0\u25b6 изменить"
ON_OFF = ("выкл", "вкл")
LEVELS = ("лёгкий", "средний", "сложный")
BUY_INS = ("доля", "половина", "даром")
PACES = ("медленно", "обычно", "быстро")
NO_CAP = "без лимита"
AS_ANTE = "= анте"

# Seat names.
YOU = "Вы"
PERSON = "И%d"
BOT = "Бот %d"

# The table.
POT = "Банк %d"
LEVEL = "Ст. %d"
GAME_NO = "#%d"
SVARA_MARK = "СВАРА"
ST_BLIND = "втём. %d"
ST_IN = "в игре"
ST_BET = "внёс %d"
ST_PASSED = "пас"
ST_OUT = "выбыл"
ST_TIED = "свара"
ST_ASKED = "войдёт?"
ST_NO_JOIN = "не входит"  # asked to join a svara, said no (its row, its pop-up)
ACT_PASS = "Пас"
ACT_CALL = "Уравнять %d"
ACT_OPEN = "Ставка %d"
ACT_RAISE = "Поднять %d"
ACT_BLIND = "Втёмную %d"
ACT_JOIN = "Войти %d"
DID = ("%s: пас", "%s уравнял", "%s поднял до %d", "%s втёмную %d", "%s вошёл")
DID_OPEN = "%s ставит %d"
DID_NO_BLIND = "%s: не втёмную"
THINKING = "%s думает"
YOUR_TURN = "Ваш ход, %s"
YOUR_TURN_1 = "Ваш ход"
NO_CARDS = "нет карт"
POINTS = "Очки: %d"
AMOUNT_RANGE = "%d..%d"
HELP_TURN = "\u25b2\u25bc ход \u25c0\u25b6 фишки"
HELP_TURN_FIXED = "\u25b2\u25bc ход  OK сыграть"
HELP_WAIT = "подождите"
HELP_COVER = "OK: показать карты"
COVER_TITLE = "Передайте телефон"
COVER_TO = "игроку %s"
COVER_NOTE = ("Смотрит только %s.", "Нажмите OK, чтобы", "увидеть свои карты.")
QUIT_ASK = ("Выйти из игры?", "Вернуться можно", "через Продолжить.")
HELP_QUIT = "OK: выйти  END: остаться"
# The chances (the * key).
ODDS = ("Победа", "Свара", "Пораж.")
ODDS_PCT = "%d,%d%%"
ODDS_NOTE = "Если все вскроются сейчас"
HELP_ODDS = "*: назад  OK сыграть"

# Showdown, svara, game over.
SHOWDOWN = "Вскрытие"
GAME_TITLE = "Игра %d"
WINS = "%s берёт %d"
YOU_WIN = "Вы берёте %d"
WHY = ("", "Все сказали пас:", "Втёмную не уравняли:", "Остальные спасовали:", "")
WHY_2 = ("", "банк берёт сдающий", "банк берёт тёмная ставка", "карты не вскрываются", "")
SVARA = "СВАРА!"
SVARA_TIE = "Ничья: по %d очков"
SVARA_POT = "Банк %d остаётся."
SVARA_JOIN = "Другие могут войти: %d"
SVARA_FREE = "Другие входят даром"
HELP_NEXT = "OK: следующая игра"
HELP_SVARA = "OK: играть свару"
GAME_OVER = "Игра окончена"
MATCH_WON = "%s выиграл матч"
YOU_WON = "Вы выиграли матч!"
YOU_OUT = "У вас кончились фишки"
AGAIN = ("Играть снова", "В меню")
HELP_AGAIN = "\u25b2\u25bc выбор  OK открыть"

# Statistics.
STATS = "Статистика"
STAT_NAMES = ("Матчи", "Матчей выиграно", "Игры", "Игр выиграно",
              "Свары", "Лучшая рука",
              "Макс. выигрыш", "Прибыль/убыток")
HELP_BACK = "END или Назад: вернуться"

# Rules pages.
RULES = "Правила"
HELP_RULES = "\u25c0\u25b6 страница  END назад"
PAGE = "%d/%d"
CARD_POINTS = "Очки карт"
CARD_POINT_LINES = ("7 8 9 дают 7 8 9 очков,", "10 J Q K дают по 10,", "туз даёт 11.",
                    ("J", ("Без джокера 7\u2663 – семёрка.",), ("7\u2663 – джокер (Шпока).",)))
HANDS = "Очки руки"
HAND_ROWS = (
    ("Одна масть: сумма", "10d 9d Jd"),
    ("Смесь: лучшая масть", "Kh 9h Qc"),
    ("Тузы: по 11", "As Ad 10c"),
    ("Джокер идёт в масть", "7c Ah Kh"),
    ("Джокер + пара", "7c Kh Kd"),
    ("Две семёрки: 23", "7h 7d 9s"),
    ("Три одинаковых", "Qc Qh Qd"),
    ("Три туза", "Ac Ah Ad"),
    ("Три семёрки: сильнейшая", "7c 7h 7d"),
)
TEXT_PAGES = (
    ("Игра", (
        ("A", ("Все платят анте (%d);", "кто не может – выбывает.")),
        ("R", (), ("Анте удваивается после", "каждой %d-й игры.")),
        ("B", ("Без ставок втёмную.",),
         ("До раздачи первый может", "ставить втёмную от %d,", "следующий – вдвое, и так",
          "до первого паса.")),
        "Каждому три карты.",
        "Последний в игре или",
        "лучшие очки берут банк.",
        "Победитель сдаёт дальше.",
    )),
    ("Ставка (Ст.)", (
        "Ставка (Ст. вверху) –",
        "наибольшее, что кто-то",
        "внёс в игре сверх анте.",
        "Уравнять n: доплатить n.",
        "Ставка n, Поднять n:",
        "ставка n, минимум на анте",
        "больше, но не больше, чем",
        "есть у беднейшего в игре.",
        ("B", (), ("Ставка втёмную – целиком;", "первая ставка после неё –", "минимум вдвое больше.")),
        ("C", ("Лимита повышений нет.",), ("Ставок и повышений: 1.",),
         ("Ставок и повышений: до %d.",)),
    )),
    ("Без чека", (
        "Чека нет: пока никто не",
        "сделал ставку, вы – Пас",
        "(выходите, теряя своё)",
        "или Ставка. Уравнять",
        ("B", ("можно лишь после ставки.",), ("можно лишь после ставки,", "даже после втёмную.")),
        "Если никто не поставил,",
        "банк берёт последний по",
        "очереди:",
        ("B", ("сдающий, если он в игре.",), ("последний втёмную, иначе", "сдающий, если он в игре.")),
    )),
    ("Свара", (
        "Ничья по лучшим очкам –",
        "свара: банк остаётся и",
        "разыгрывается снова, без",
        "анте; равные – даром,",
        "сдающий тот же.",
        ("U", ("Другие могут войти, слева", "от сдающего, заплатив",
               "банк / число равных,", "с округлением вверх:",
               "банк 25, двое: 13."),
              ("Другие могут войти, слева", "от сдающего, заплатив",
               "полбанка с округлением", "вверх (25: 13)."),
              ("Другие входят даром.",)),
        "Матч кончается, когда у",
        "одного игрока все фишки.",
    )),
    ("Клавиши", (
        "\u25b2\u25bc  выбор",
        "\u25c0\u25b6  изменить, фишки",
        "0-9  ввести фишки",
        "*  шансы",
        "#  макс., 1/2 банка, банк",
        "OK или левая: сделать",
        "Зелёная: уравнять",
        "Красная: назад, выход",
    )),
    ("Клавиша #", (
        "# ставит фишки по кругу:",
        "1. Максимум: всё, что",
        "есть у самого бедного в",
        "игре (втёмную: половина).",
        "2. Полбанка, 3. Весь",
        "банк: ставка растёт на",
        "полбанка (округляя вниз)",
        "или на банк, считая в нём",
        "ваше уравнивание.",
        "Втёмную: полбанка или",
        "банк; в пределах правил.",
    )),
    ("Шансы", (
        "* в ваш ход показывает",
        "шансы на победу, свару и",
        "поражение, если все, кто",
        "в игре, вскроются сейчас.",
        "Считается точно по всем",
        "раскладам невидимых карт.",
        "Ставки и карты",
        "спасовавших не учтены:",
        "это сила руки, не совет.",
    )),
)
HELP_CHIPS = "\u25c0\u25b6 0-9 фишки %d..%d"

# Saving and errors (firmware/saving.py, app.py): the help line and the title note.
SAVE_FULL = "Нет места для записи"
SAVE_ERROR = "Ошибка записи %d"
SAVE_DAMAGED = "Сбой записи: %s"
OLDER_COPY = "Взята прежняя запись"
AFRESH = "Начато заново"
GAME_DROPPED = "Игра потеряна"
NOTE_MEM = "Нет памяти"
NOTE_ERR = "Ошибка"
RESTORED_MEM = "Мало памяти: игра цела"
RESTORED_ERR = "Ошибка: игра цела"
CONTINUE_LAST = "Продолжить с записи"
# Why a save file was not whole: empty, not a save, version, cut short, too long,
# checksum, unreadable (firmware/store.py says it in English; saving.py shows these).
DAMAGE_WHY = ("пустой", "не файл записи", "не та версия", "обрезан", "слишком длинный", "неверная сумма", "не читается")

# Names; chips kept between matches.
NAME_OF = "Имя для %s"
HELP_NAMES = "\u25b2\u25bc выбор  OK изменить"
HELP_NAME = "OK сохранить  END отмена"
NAME_KEYS = ("Клавиши 2-9 пишут буквы;", "ещё раз: следующая. \u25b6,",
             "другая клавиша, пауза:", "дальше.  \u25c0 стереть",
             "# Аа 0 пробел 1 .,'-!?&")
NAME_EMPTY = "Сначала введите имя"
NAME_FULL = "Больше не помещается"

# Issue 17: amounts out of range, the replace question, what applies when, the last game, the Exit row.
AT_MOST = "Не больше %d"
AT_LEAST = "Не меньше %d"
BYE = "До свидания"
REPLACE_ASK = ("Начать новую игру?", "Сохранённая игра", "будет заменена.")
HELP_REPLACE = "OK: новая  END: назад"
NEXT_MATCH = "Для следующей новой игры"
HELP_LAST = "OK: итог матча"
NO_CHANCES = "Шансы после раздачи"

# Issue 17: the # presets of a bet (said on the help line).
PRESETS = ("Максимум", "Полбанка", "Весь банк")

# Issue 17: a bot's action as a pop-up on its row (5x8, 80 px from the state column): by action as DID.
POP = ("пас", "уравнивает", "повышает до %d", "втёмную %d", "входит")
POP_OPEN = "ставит %d"
POP_NO_BLIND = "без втёмной"

# Issue 17: the history screen (ui/history.py) and its soft key on the showdown.
HISTORY = "История"
HELP_HISTORY = "▲▼ листать ◀▶ игра"
HIST_ANTE = "Анте: банк %d"
HIST_CALL = "%s уравнял %d"
HIST_NO_JOIN = "%s не вошёл"
HIST_NONE = "Игр ещё не было"

# Issue 17: the menu during play (ui/playmenu.py), on the table's right soft key.
MENU_KEY = "Меню"
PLAY_MENU = ("Вернуться в игру", "История", "Правила", "Настройки", "Язык", "В главное меню")
# The rising ante's value on the options screens: after every %d games.
RISE_EVERY = "каждые %d"
# The sound's volume on the Sound row: silent, low, high.
VOLUMES = ("выкл", "тихо", "громко")

# Issue 25 (t25-menus): Back on the options lists asks whether to keep the changes
KEEP_ASK = ("Сохранить изменения?", "Нет: всё станет", "как было.")
HELP_KEEP = "OK: да  END: отменить"

# Issue 25 (t25-menus): Statistics: their reset (the left soft key, then the question)
RESET = "Сброс"
RESET_ASK = ("Сбросить статистику?", "Все числа", "станут 0.")
HELP_RESET = "OK: сброс  END: нет"
# Issue 25 (t25-table): the table. Declining a blind (its action row); the green key
# with nothing to call, said on the help line by phase (blinds, betting, a svara's
# join); the ante in the header; the line above the message line (after the game's
# number: the games until the ante doubles, or its doubling this game) and the doubling
# said on the help line as the game starts; the question before passing a hand the
# chances favour (the box, its help line) and its Settings row.
ACT_NO_BLIND = "Не втёмную"
NO_CALL = ("До раздачи: втёмную/нет", "Ставок нет: ставь или пас", "Войти в свару или пас")
ANTE = "Анте %d"
ANTE_IN = "игр до анте ×2: %d"
ANTE_NEXT = "анте ×2 со следующей"
ANTE_DOUBLED = "Анте удвоено: теперь %d"
ANTE_NOW = "анте удвоено: %d"
FOLD_ASK = "Пас с хорошей рукой?"
HELP_FOLD = "OK: пас  END: играть"
OPT_FOLD = "Подтверждать пас"
# The rows of Settings and New game that are not table settings (OPTIONS): the
# language, the names, and the preferences (firmware/settings.py PREFS).
OPT_LANG = "Язык"
OPT_NAMES = "Имена"
OPT_DECK = "Четыре цвета"
OPT_RISE = "Анте растёт"
OPT_SOUND = "Звук"
# Issue 25 (t25-rules): the hand rows' labels when their rule is off; the first-game guide.
HAND_OFF = ("Без джокера 7\u2663 – семёрка", "Без джокера нет бонуса", "Две семёрки: не 23")
GUIDE_INTRO = ("Первая игра", (
    "Три вещи, в которых свара",
    "не как другие игры:",
    "ставка, нет чека и вход",
    "в свару.",
    "",
    "OK или \u25b6 – дальше, END –",
    "сразу к столу.",
    "",
    ("P", ("Всё это есть в Правилах,", "стр. %d-%d.")),
))
HELP_GUIDE = "\u25c0\u25b6 стр.  END пропустить"
SKIP = "Пропуск"
