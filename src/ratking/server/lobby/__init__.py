"""What people do away from a table, over HTTP: sign up, in and out (`accounts`, with the CSRF
check for signed-in browsers in `origin`), their own account (`my_account`), profiles and
leaderboards (`profiles`), the tables listed, seats taken and rematches (`tables`), and quick
match (`quickmatch`). Each module declares its routes on its own `router`."""
