"""Process-wide runtime settings made before the first matrix product."""
import os

from seq2seq.runtime import bound_onednn_cache

KEY = "ONEDNN_PRIMITIVE_CACHE_CAPACITY"


def test_onednn_cache_is_capped_when_the_user_set_nothing(monkeypatch):
    monkeypatch.delenv(KEY, raising=False)
    bound_onednn_cache()
    assert int(os.environ[KEY]) == 256


def test_users_own_onednn_cache_setting_wins(monkeypatch):
    monkeypatch.setenv(KEY, "17")
    bound_onednn_cache()
    assert os.environ[KEY] == "17"
