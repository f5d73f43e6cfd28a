"""Magyar, the third interface language: offered in the language switch, and the card table
speaks it (the game words as Hungarian players say them)."""

from django.urls import reverse


def test_the_language_switch_offers_magyar(client):
    page = client.get("/login/", HTTP_ACCEPT_LANGUAGE="da").content.decode()

    assert '<button type="submit" name="language" value="hu"' in page and ">Magyar</button>" in page


def test_the_deal_form_and_the_sheet_in_magyar(sitting, as_member):
    client = as_member("Bent")
    client.post(reverse("set_language"), {"language": "hu", "next": "/"})

    form = client.get(reverse("deal_new", args=["nordvest", sitting.pk])).content.decode()
    sheet = client.get(reverse("sitting", args=["nordvest", sitting.pk])).content.decode()

    assert '<html lang="hu"' in form
    assert "1. leosztás" in form and "Mentés és következő" in form and "Az elszámolás tételesen" in form
    assert "A következő leosztás felvétele" in sheet and "Leosztások és folyó állás" in sheet
