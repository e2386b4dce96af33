"""The worker processes where work that takes time runs, off the event loop (`workers`): a
searching bot's move, a hint, a review; the time a bot level may think at a table
(`budgets`); and a process that ends with its parent (`parent`)."""
