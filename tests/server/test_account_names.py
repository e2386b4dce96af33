"""Accounts people can trust, on SQLite and PostgreSQL: a name that looks like a taken one
(other scripts' letters, fullwidth or mathematical ones, case) is refused, even when both are
asked for at once; marks with no letter and stacks of them are refused; names and passwords
typed in NFD find what was made in NFC; the most common passwords are refused."""

import threading
import unicodedata
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratking.server.names import MAX_MARKS, BadName, check_name, look_alike
from ratking.server.people.passwords import BadPassword, check_password
from ratking.server.storage.people import NameTaken
from ratking.server.storage.tables import Storage


def sign_up(client, name, password="correct horse"):
    answer = client.post("/api/accounts", json={"name": name, "password": password})
    client.cookies.clear()
    return answer


LOOK_ALIKES = ["\u0410nn",  # Cyrillic A
               "\u0391\u039d\u039d",  # Greek capitals
               "\uff21\uff4e\uff4e",  # fullwidth
               "\U0001d400\U0001d427\U0001d427",  # mathematical bold
               "ANN", "ann"]


def test_a_name_that_looks_like_a_taken_one_is_refused(app_client):
    assert sign_up(app_client, "Ann").status_code == 201
    for name in LOOK_ALIKES:
        answer = sign_up(app_client, name)
        assert answer.status_code == 409, name
        assert "looks like" in answer.json()["error"]
    assert sign_up(app_client, "Ann\ufe0f").status_code == 422  # a selector on a letter
    assert sign_up(app_client, "\u00c1nn").status_code == 201  # Ánn is another name


def test_look_alike_names_asked_for_at_once_on_two_processes_give_one_account(postgres):
    names = ["Bea", "B\u0435a", "\u0392ea", "BEA", "\uff22ea", "bea"]
    storages = [Storage(postgres), Storage(postgres)]  # as two server processes have
    barrier = threading.Barrier(len(names))

    def create(i):
        barrier.wait()
        try:
            storages[i % 2].people.create_account(names[i], names[i].casefold(),
                                                  look_alike(names[i]), "x")
        except NameTaken:
            return False
        return True

    try:
        with ThreadPoolExecutor(len(names)) as pool:
            made = list(pool.map(create, range(len(names))))
    finally:
        for storage in storages:
            storage.close()
    assert made.count(True) == 1, made


def test_marks_need_a_letter_and_only_a_few_stack():
    for bad in ("\u0301Ann", "A \u0301nn", "Z" + "\u0300" * 24,
                "a" + "\u0316" * (MAX_MARKS + 1)):
        with pytest.raises(BadName):
            check_name(bad)
    assert check_name("e\u0301\u0302") == "\u00e9\u0302"  # composed, one mark left on top
    assert check_name("\u2764\ufe0f Ann") == "\u2764\ufe0f Ann"  # an emoji's selector stays


def test_names_and_passwords_typed_in_nfd_find_the_nfc_account(app_client):
    name, password = "Zo\u00eb", "cr\u00e8me br\u00fbl\u00e9e"
    assert sign_up(app_client, name, password).status_code == 201
    answer = app_client.post("/api/session", json={
        "name": unicodedata.normalize("NFD", name),
        "password": unicodedata.normalize("NFD", password)})
    assert answer.status_code == 200 and answer.json()["name"] == name


def test_the_most_common_passwords_are_refused(app_client):
    for weak in ("password", "Password", "12345678", "iloveyou", " " * 8, "\u3000" * 8):
        answer = sign_up(app_client, "Cid", weak)
        assert answer.status_code == 422 and "password" in answer.json()["error"], weak
    assert sign_up(app_client, "Cid", "seven77").status_code == 422
    assert sign_up(app_client, "Cid", "a tidy rat runs").status_code == 201


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=24))
def test_look_alike_is_blind_to_case_width_and_normal_form(text):
    try:
        name = check_name(text)
    except BadName:
        return
    key = look_alike(name)
    assert look_alike(name.upper().lower()) == look_alike(name.lower())
    assert look_alike(unicodedata.normalize("NFKC", name)) == key
    assert look_alike(unicodedata.normalize("NFD", name)) == key


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40))
def test_a_password_is_checked_in_nfc_or_refused_with_a_reason(text):
    try:
        password = check_password(text)
    except BadPassword as exc:
        assert str(exc)
        return
    assert password == unicodedata.normalize("NFC", text) and password.strip()
