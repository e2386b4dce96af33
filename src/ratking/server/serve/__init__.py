"""Running the server: `ratking serve --workers N` (`processes`), the same behind nginx with
each table on one process (`sticky`), uvicorn's protocols with the limits a server open to
strangers needs (`protocol`), and checking the port before starting (`ports`)."""
