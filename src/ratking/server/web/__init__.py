"""The web app: the app factory (`app.create_app`), the answers when something fails
(`failures`), the OpenAPI schema (`openapi`), security headers and size caps (`security`),
the pages (rules in `pages`, boards' scripts in `boards`, lessons in `learn`), a finished
table's review (`reviews`), and the garbage collection of a server process (`collector`)."""
