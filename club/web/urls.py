from django.contrib.auth import views as auth_views
from django.urls import include, path

from .. import inputs  # noqa: F401 (registers <id:...>)
from . import accounts, app, joining, language, log, office, views

club_patterns = [
    path("", views.club_home, name="club_home"),
    path("sittings/new/", views.sitting_new, name="sitting_new"),
    path("sittings/<id:sitting_id>/", views.sitting_detail, name="sitting"),
    path("sittings/<id:sitting_id>/close/", views.sitting_close, name="sitting_close"),
    path("sittings/<id:sitting_id>/sheet/", views.sitting_sheet, name="sitting_sheet"),
    path("sittings/<id:sitting_id>/deals/<id:number>/void/", views.deal_void, name="deal_void"),
    path("sittings/<id:sitting_id>/deals/new/", views.deal_new, name="deal_new"),
    path("sittings/<id:sitting_id>/deals/queued/", views.deal_queued, name="deal_queued"),
    path("sittings/<id:sitting_id>/deals/preview/", views.deal_preview, name="deal_preview"),
    path("sittings/<id:sitting_id>/deals/<id:number>/correct/", views.deal_correct, name="deal_correct"),
    path("standings/", views.season_standings, name="standings"),
    path("seasons/<id:season_id>/", views.season_standings, name="season"),
    path("members/<id:member_id>/", views.member_detail, name="member"),
    path("log/", log.club_log, name="club_log"),
    path("office/members/", office.members, name="office_members"),
    path("office/members/new/", office.member_new, name="office_member_new"),
    path("office/members/import/", office.members_import, name="office_members_import"),
    path("office/members/<id:member_id>/", office.member_edit, name="office_member_edit"),
    path("office/members/<id:member_id>/active/", office.member_active, name="office_member_active"),
    path("office/members/<id:member_id>/invite/", office.member_invite, name="office_member_invite"),
    path("office/members/<id:member_id>/forget/", office.member_forget, name="office_member_forget"),
    path("office/seasons/", office.seasons, name="office_seasons"),
    path("office/seasons/new/", office.season_new, name="office_season_new"),
    path("office/seasons/<id:season_id>/", office.season_edit, name="office_season_edit"),
    path("office/seasons/<id:season_id>/close/", office.season_close, name="office_season_close"),
    path("office/payments/", office.payments, name="office_payments"),
    path("office/payments/details/", office.payment_details, name="office_payment_details"),
    path("office/debtors/", office.debtors, name="office_debtors"),
    path("office/payments/<id:payment_id>/reverse/", office.payment_reverse, name="office_payment_reverse"),
    path("office/tables/", office.tables, name="office_tables"),
    path("office/mail/", office.mail, name="office_mail"),
    path("office/tables/<id:table_id>/", office.table_rename, name="office_table_rename"),
    path("office/tables/<id:table_id>/active/", office.table_active, name="office_table_active"),
    path("office/tables/<id:table_id>/opening/", office.table_opening, name="office_table_opening"),
    path(
        "office/table-openings/<id:opening_id>/reverse/",
        office.table_opening_reverse,
        name="office_table_opening_reverse",
    ),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("offline/", views.offline, name="offline"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("join/<id:request_id>/", joining.answer, name="join_request"),
    path("account/", language.account, name="account"),
    path("", include(accounts.urlpatterns)),
    path("c/<slug:slug>/", include(club_patterns)),
]
