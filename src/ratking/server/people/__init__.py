"""People apart from any table: their passwords (`passwords`), sessions' sockets
(`sessions`), ratings (`ratings`), quotas (`quotas`) and the key those count them by
(`clients`). What a person does over HTTP (signing up and in, their account, profiles, quick
match) is in `lobby/`; what they may call themselves is `names.py`."""
