"""The designer's lab in the browser: `/lab`, where a designer runs a simulation, a sweep or
a comparison of two versions (`ratking simulate`, `sweep`, `compare`) and reads the report
the command line writes.

Off unless the setting `lab` turns it on (`ratking serve --lab`; `make play` does). A job is
checked whole before it starts (a bad rule value or card file: 400 with the command line's
one-line reason, nothing started), then played in the review pool, a chunk of games per
worker job: never on the event loop, and held while live tables' bots and hints search
(`Rooms.make_way`). `setups.py` checks the input, `cards.py` keeps the uploaded card files,
`jobs.py` runs the jobs within their limits, `work.py` is what the pool runs, `routes.py`
the API and the page.
"""

from .routes import router

__all__ = ["router"]
