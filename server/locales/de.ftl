# Lavalists Server-Texte auf Deutsch (Referenz: en.ftl). Anrede: du.

## Registrierung: der Bestätigungscode

signup-code-subject = Dein Lavalist-Bestätigungscode
signup-code-body =
    Hallo { $username },

    dein Lavalist-Bestätigungscode lautet { $code }.
    Er ist { $minutes ->
        [one] { $minutes } Minute
       *[other] { $minutes } Minuten
    } lang gültig.

## Passwort vergessen: der Link zum Zurücksetzen

reset-subject = Setze dein Lavalist-Passwort zurück
reset-body =
    Hallo { $username },

    öffne diesen Link innerhalb { $hours ->
        [one] einer Stunde
       *[other] von { $hours } Stunden
    }, um ein neues Passwort festzulegen:
    { $link }

    Falls du das nicht angefordert hast, kannst du diese E-Mail einfach ignorieren.

## Hinweise zum Konto

password-changed-subject = Dein Lavalist-Passwort wurde geändert
password-changed-body =
    Hallo { $username },

    das Passwort deines Lavalist-Kontos wurde gerade geändert, und alle anderen Geräte wurden abgemeldet.

    Warst du das nicht? Dann setze dein Passwort jetzt unter { $url } mit „Passwort vergessen?“ zurück.

account-deleted-subject = Dein Lavalist-Konto wurde gelöscht
account-deleted-body =
    Hallo { $username },

    dein Lavalist-Konto wurde wie gewünscht gelöscht. Deine Ergebnisse zählen weiter in der Statistik der einzelnen Spiele, aber ohne deinen Namen. Mit dieser E-Mail-Adresse kannst du ein neues Konto anlegen.

## Tägliche Erinnerungen

reminder-subject = Das heutige Lavalist ist da
reminder-streak-subject = Deine Lavalist-Serie von { $streak ->
        [one] { $streak } Tag
       *[other] { $streak } Tagen
    } wartet auf dich
reminder-push-body = Tag { $day } ist da. Zehn Begriffe, acht Fehlversuche erlaubt.
reminder-streak-push-body = Tag { $day } ist da. Spiel heute, damit deine Serie hält.
reminder-email-intro = Tag { $day } von Lavalist ist da: zehn Begriffe, acht Fehlversuche erlaubt.
reminder-email-streak = Spiel heute, damit deine Serie von { $streak ->
        [one] { $streak } Tag
       *[other] { $streak } Tagen
    } hält.
reminder-email-play = Zum heutigen Spiel: { $url }
reminder-email-footer =
    Du bekommst diese E-Mail, weil du in den Lavalist-Einstellungen tägliche Erinnerungen per E-Mail eingeschaltet hast.
    Keine solchen E-Mails mehr (ohne Anmeldung): { $unsubscribe }
