# Indonesian (Bahasa Indonesia). The same names, shapes and %-placeholders as en.py; the
# words of the Indonesian rules text: taruhan, taruhan buta, ante, dealer, poin, warna,
# bergabung, svara. host_tests/firmware/test_i18n.py checks that every line fits its place.

# Soft keys.
SELECT = "Pilih"
BACK = "Kembali"
PLAY = "Main"
QUIT = "Keluar"
NEXT = "Lanjut"
YES = "Ya"
NO = "Tidak"
OK = "OK"
SHOW = "Lihat"

# Title menu.
TITLE = "S V A R A"
MENU = ("Main baru", "Lanjutkan", "Pengaturan", "Aturan", "Statistik", "Keluar")
HELP_MENU = "\u25b2\u25bc pilih  OK buka"
NO_MATCH = "Belum ada permainan"

# New game and settings.
NEW_GAME = "Permainan baru"
SETTINGS = "Pengaturan"
OPTIONS = ("Orang", "Bot", "Level bot", "Chip", "Ante", "Joker 7\u2663", "Dua 7 = 23",
           "Naik per orang", "Taruhan buta", "Buta minimum", "Masuk svara", "Tempo bot")
START = "Mulai permainan"
DONE = "Selesai"
HELP_OPTIONS = "\u25b2\u25bc pilih \u25c0\u25b6 ubah"
ON_OFF = ("tidak", "ya")
LEVELS = ("mudah", "normal", "sulit")
BUY_INS = ("dibagi", "separuh", "gratis")
PACES = ("lambat", "normal", "cepat")
NO_CAP = "bebas"
AS_ANTE = "= ante"

# Seat names.
YOU = "Anda"
PERSON = "P%d"
BOT = "Bot %d"

# The table.
POT = "Pot %d"
LEVEL = "Taruhan %d"
GAME_NO = "#%d"
SVARA_MARK = "SVARA"
ST_BLIND = "buta %d"
ST_IN = "ikut"
ST_BET = "pasang %d"
ST_PASSED = "pas"
ST_OUT = "keluar"
ST_TIED = "svara"
ST_ASKED = "masuk?"
ST_NO_JOIN = "menolak"  # asked to join a svara, said no (its row, its pop-up)
ACT_PASS = "Pas"
ACT_CALL = "Ikut %d"
ACT_OPEN = "Taruh %d"
ACT_RAISE = "Naikkan %d"
ACT_BLIND = "Buta %d"
ACT_JOIN = "Masuk %d"
DID = ("%s pas", "%s ikut", "%s naik ke %d", "%s buta %d", "%s masuk")
DID_OPEN = "%s bertaruh %d"
DID_NO_BLIND = "%s: tanpa buta"
THINKING = "%s berpikir"
YOUR_TURN = "Giliran %s"
YOUR_TURN_1 = "Giliran Anda"
NO_CARDS = "tanpa kartu"
POINTS = "%d poin"
AMOUNT_RANGE = "%d..%d"
HELP_TURN = "\u25b2\u25bc aksi \u25c0\u25b6 chip"
HELP_TURN_FIXED = "\u25b2\u25bc aksi  OK main"
HELP_WAIT = "mohon tunggu"
HELP_COVER = "OK: lihat kartu"
COVER_TITLE = "Berikan ponselnya"
COVER_TO = "kepada %s"
COVER_NOTE = ("Hanya %s yang lihat.", "Tekan OK untuk", "melihat kartu Anda.")
QUIT_ASK = ("Tinggalkan game ini?", "Bisa kembali lewat", "menu Lanjutkan.")
HELP_QUIT = "OK: keluar  END: tetap"
# The chances (the * key).
ODDS = ("Menang", "Svara", "Kalah")
ODDS_PCT = "%d,%d%%"
ODDS_NOTE = "Jika semua buka sekarang:"
HELP_ODDS = "*: kembali  OK main"

# Showdown, svara, game over.
SHOWDOWN = "Buka kartu"
GAME_TITLE = "Babak %d"
WINS = "%s menang %d"
YOU_WIN = "Anda menang %d"
WHY = ("", "Semua pas:", "Buta tidak dibayar:", "Yang lain pas:", "")
WHY_2 = ("", "dealer ambil pot", "taruhan buta ambil pot", "kartu tidak dibuka", "")
SVARA = "SVARA!"
SVARA_TIE = "Seri di %d poin"
SVARA_POT = "Pot %d tetap."
SVARA_JOIN = "Lainnya boleh masuk: %d"
SVARA_FREE = "Lainnya masuk gratis"
HELP_NEXT = "OK: babak berikutnya"
HELP_SVARA = "OK: main svara"
GAME_OVER = "Permainan selesai"
MATCH_WON = "%s menang laga"
YOU_WON = "Anda menang laga!"
YOU_OUT = "Chip Anda habis"
AGAIN = ("Main lagi", "Menu")
HELP_AGAIN = "\u25b2\u25bc pilih  OK buka"

# Statistics.
STATS = "Statistik"
STAT_NAMES = ("Laga", "Laga menang", "Babak", "Babak menang",
              "Svara", "Tangan terbaik",
              "Pot maks menang", "Untung/rugi")
HELP_BACK = "END atau Kembali: balik"

# Rules pages.
RULES = "Aturan"
HELP_RULES = "\u25c0\u25b6 halaman  END kembali"
PAGE = "%d/%d"
CARD_POINTS = "Poin kartu"
CARD_POINT_LINES = ("7 8 9 bernilai 7 8 9,", "10 J Q K bernilai 10,", "As bernilai 11.",
                    ("J", ("Tanpa joker: 7\u2663 biasa.",), ("7\u2663 adalah joker.",)))
HANDS = "Poin tangan"
HAND_ROWS = (
    ("Satu warna: jumlahkan", "10d 9d Jd"),
    ("Campur: warna terbaik", "Kh 9h Qc"),
    ("As: masing-masing 11", "As Ad 10c"),
    ("Joker ikut satu warna", "7c Ah Kh"),
    ("Joker + sepasang", "7c Kh Kd"),
    ("Dua tujuh: 23", "7h 7d 9s"),
    ("Tiga kembar", "Qc Qh Qd"),
    ("Tiga As", "Ac Ah Ad"),
    ("Tiga tujuh: terkuat", "7c 7h 7d"),
)
TEXT_PAGES = (
    ("Satu babak", (
        ("A", ("Semua bayar ante (%d);", "yang tak mampu, keluar.")),
        ("R", (), ("Ante jadi dua kali lipat", "tiap %d babak.")),
        ("B", ("Tanpa taruhan buta.",),
         ("Sebelum dibagi, pemain", "pertama boleh taruh buta", "min. %d, berikutnya",
          "dobel, hingga ada pas.")),
        "Tiap orang 3 kartu.",
        "Sisa satu atau poin",
        "terbesar memenangi pot.",
        "Pemenang membagi kartu.",
    )),
    ("Taruhan", (
        "Taruhan (atas): terbanyak",
        "yang dipasang seseorang",
        "di babak ini, di luar",
        "ante. Ikut n: tambah n.",
        "Taruh n, Naikkan n: jadi",
        "n, minimal ante lebih",
        "tinggi, tak lebih dari",
        "total pemain termiskin.",
        ("B", (), ("Buta dihitung penuh;", "taruhan pertama setelah", "buta minimal dua kalinya.")),
        ("C", ("Naikkan: tanpa batas.",), ("Taruh/naik: 1 kali.",),
         ("Taruh/naik: maks. %d kali.",)),
    )),
    ("Tanpa cek", (
        "Tak ada cek: sebelum ada",
        "yang bertaruh, Anda Pas",
        "(keluar, hilang yang Anda",
        "pasang) atau Taruh. Ikut",
        ("B", ("baru ada setelah taruhan.",), ("baru ada setelah taruhan,", "bahkan setelah buta.")),
        "Jika tak ada yang taruh,",
        "pot untuk yang terakhir",
        "bergiliran:",
        ("B", ("pembagi, jika masih ikut.",), ("buta terakhir, atau", "pembagi, jika masih ikut.")),
    )),
    ("Svara", (
        "Seri di poin tertinggi:",
        "svara. Pot tetap dan main",
        "ulang tanpa ante, pembagi",
        "sama; yang seri ikut",
        "gratis.",
        ("U", ("Lainnya boleh masuk, dari", "kiri pembagi, bayar pot /",
               "jumlah seri (bulatkan ke", "atas): pot 25, dua: 13."),
              ("Lainnya boleh masuk, dari", "kiri pembagi, bayar",
               "separuh pot (bulatkan ke", "atas, 25: 13)."),
              ("Lainnya masuk gratis.",)),
        "Laga selesai jika satu",
        "pemain punya semua chip.",
    )),
    ("Tombol", (
        "\u25b2\u25bc  pilih",
        "\u25c0\u25b6  ubah, chip",
        "0-9  ketik chip",
        "*  peluang",
        "#  maks., 1/2 pot, pot",
        "OK/tombol kiri: lakukan",
        "Tombol hijau: ikut",
        "Tombol merah: kembali",
    )),
    ("Tombol #", (
        "# memilih bergiliran:",
        "1. Paling banyak: total",
        "milik pemain termiskin",
        "yang masih ikut (buta:",
        "separuhnya).",
        "2. Setengah pot, 3.",
        "Seluruh pot: taruhan naik",
        "setengah pot (bulatkan",
        "ke bawah) atau satu pot,",
        "termasuk Ikut Anda.",
        "Buta: setengah pot atau",
        "pot; selalu dalam batas.",
    )),
    ("Peluang", (
        "Tombol * di giliran Anda:",
        "peluang menang, seri",
        "(svara) dan kalah jika",
        "semua yang masih ikut",
        "membuka kartu sekarang.",
        "Dihitung tepat atas semua",
        "cara membagi kartu yang",
        "tak terlihat.",
        "Mengabaikan taruhan dan",
        "kartu yang pas: kekuatan",
        "kartu Anda, bukan saran.",
    )),
)
HELP_CHIPS = "\u25c0\u25b6 0-9 chip %d..%d"

# Saving and errors (firmware/saving.py, app.py): the help line and the title note.
SAVE_FULL = "Gagal simpan: penuh"
SAVE_ERROR = "Gagal simpan: galat %d"
SAVE_DAMAGED = "Simpanan rusak: %s"
OLDER_COPY = "Salinan lama dipakai"
AFRESH = "Mulai dari awal"
GAME_DROPPED = "Permainan hilang"
NOTE_MEM = "Memori habis"
NOTE_ERR = "Galat"
RESTORED_MEM = "Memori habis: dipulihkan"
RESTORED_ERR = "Galat: dipulihkan"
CONTINUE_LAST = "Lanjut: simpanan akhir"
# Why a save file was not whole: empty, not a save, version, cut short, too long,
# checksum, unreadable (firmware/store.py says it in English; saving.py shows these).
DAMAGE_WHY = ("kosong", "bukan simpanan", "versi salah", "terpotong", "terlalu panjang", "checksum salah", "tak terbaca")

# Names; chips kept between matches.
NAME_OF = "Nama %s"
HELP_NAMES = "\u25b2\u25bc pilih  OK ubah"
HELP_NAME = "OK simpan  END batal"
NAME_KEYS = ("Tombol 2-9: huruf;", "tekan lagi: huruf lain.",
             "\u25b6, tombol lain atau", "jeda: lanjut.  \u25c0 hapus",
             "# Aa  0 spasi  1 .,'-!?&")
NAME_EMPTY = "Ketik nama dulu"
NAME_FULL = "Nama sudah penuh"

# Issue 17: amounts out of range, the replace question, what applies when, the last game, the Exit row.
AT_MOST = "Paling banyak %d"
AT_LEAST = "Paling sedikit %d"
BYE = "Sampai jumpa"
REPLACE_ASK = ("Mulai main baru?", "Permainan tersimpan", "akan diganti.")
HELP_REPLACE = "OK: baru  END: kembali"
NEXT_MATCH = "Untuk main baru nanti"
HELP_LAST = "OK: hasil akhir"
NO_CHANCES = "Peluang setelah dibagi"

# Issue 17: the # presets of a bet (said on the help line).
PRESETS = ("Paling banyak", "Setengah pot", "Seluruh pot")

# Issue 17: a bot's action as a pop-up on its row (5x8, 80 px from the state column): by action as DID.
POP = ("pas", "ikut", "naik ke %d", "buta %d", "masuk")
POP_OPEN = "bertaruh %d"
POP_NO_BLIND = "tanpa buta"

# Issue 17: the history screen (ui/history.py) and its soft key on the showdown.
HISTORY = "Riwayat"
HELP_HISTORY = "▲▼ gulir ◀▶ permainan"
HIST_ANTE = "Taruhan awal: pot %d"
HIST_CALL = "%s ikut %d"
HIST_NO_JOIN = "%s tidak masuk"
HIST_NONE = "Belum ada permainan"

# Issue 17: the menu during play (ui/playmenu.py), on the table's right soft key.
MENU_KEY = "Menu"
PLAY_MENU = ("Kembali bermain", "Riwayat", "Aturan", "Pengaturan", "Bahasa", "Ke menu utama")
# The rising ante's value on the options screens: after every %d games.
RISE_EVERY = "tiap %d"
# The sound's volume on the Sound row: silent, low, high.
VOLUMES = ("mati", "pelan", "keras")

# Issue 25 (t25-menus): Back on the options lists asks whether to keep the changes
KEEP_ASK = ("Simpan perubahan?", "Tidak: semua kembali", "seperti semula.")
HELP_KEEP = "OK: simpan  END: batal"

# Issue 25 (t25-menus): Statistics: their reset (the left soft key, then the question)
RESET = "Reset"
RESET_ASK = ("Reset statistik?", "Semua angka", "kembali ke 0.")
HELP_RESET = "OK: reset  END: batal"
# Issue 25 (t25-table): the table. Declining a blind (its action row); the green key
# with nothing to call, said on the help line by phase (blinds, betting, a svara's
# join); the ante in the header; the line above the message line (after the game's
# number: the games until the ante doubles, or its doubling this game) and the doubling
# said on the help line as the game starts; the question before passing a hand the
# chances favour (the box, its help line) and its Settings row.
ACT_NO_BLIND = "Tanpa buta"
NO_CALL = ("Ikut baru setelah dibagi", "Belum ada taruhan", "Masuk svara atau pas")
ANTE = "Ante %d"
ANTE_IN = "ante ×2 %d babak lagi"
ANTE_NEXT = "ante ×2 babak depan"
ANTE_DOUBLED = "Ante berlipat dua: %d"
ANTE_NOW = "ante berlipat: %d"
FOLD_ASK = "Pas dengan kartu bagus?"
HELP_FOLD = "OK: pas  END: kembali"
OPT_FOLD = "Tanya saat pas"
# The rows of Settings and New game that are not table settings (OPTIONS): the
# language, the names, and the preferences (firmware/settings.py PREFS).
OPT_LANG = "Bahasa"
OPT_NAMES = "Nama"
OPT_DECK = "Empat warna"
OPT_RISE = "Taruhan naik"
OPT_SOUND = "Suara"
# Issue 25 (t25-rules): the hand rows' labels when their rule is off; the first-game guide.
HAND_OFF = ("Tanpa joker: 7\u2663 biasa", "Tanpa joker: tanpa bonus", "Dua tujuh: bukan 23")
GUIDE_INTRO = ("Babak pertama", (
    "Tiga hal yang Svara",
    "lakukan dengan caranya:",
    "taruhan, tanpa cek, dan",
    "biaya masuk svara.",
    "",
    "OK atau \u25b6: lanjut; END:",
    "langsung ke meja.",
    "",
    ("P", ("Semua ada lagi di Aturan,", "halaman %d sampai %d.")),
))
HELP_GUIDE = "\u25c0\u25b6 halaman  END lewati"
SKIP = "Lewati"
