"""The message catalogue, by where the texts are shown: key → (English, Chinese). Placeholders
are named (`{name}`, `{count:,}`); ids, codes, file names and quoted content go in through
placeholders, so they stay as they are in both languages. `core/messages.py` joins the parts and
renders them."""
