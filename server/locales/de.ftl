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

## Die Beschreibung der Seiten (<meta name="description"> in index.html)

page-description = Lavalist: Nenne alle zehn Begriffe der heutigen Liste, bevor die Lava steigt.

## Link-Vorschauen: was eine Chat-App zu einem Link zeigt (server/src/domains/previews)

preview-site-description = Ein tägliches Listen-Ratespiel: Nenne { $items ->
        [1] den einen Begriff
       *[other] alle { $items } Begriffe
    } der heutigen Liste, bevor die Lava steigt.
preview-site-image-alt = Lavalist: jeden Tag eine neue Liste
preview-game-title = Lavalist { $heading }: { $prompt }
preview-game-description = Nenne { $items ->
        [1] den einen Begriff
       *[other] alle { $items } Begriffe
    } der Liste, bevor die Lava steigt. Jeden Tag eine neue Liste.
preview-image-alt = { $heading }: { $prompt }
preview-result-description = Jemand hat { $found } von { $total } gefunden und { $score ->
        [one] { $score } Punkt
       *[other] { $score } Punkte
    } geholt. Schaffst du mehr? Keine Spoiler: Die Antworten bleiben verborgen.
preview-result-image-alt = { $heading }: { $prompt }. Punkte: { $score }
preview-challenge-title = { $who } fordert dich heraus: { $title }
preview-a-friend = Ein Freund
preview-challenge-description = Nenne { $items ->
        [1] den einen Begriff
       *[other] alle { $items } Begriffe
    } der Liste und vergleicht dann eure Ergebnisse nebeneinander. Keine Spoiler: Die Antworten bleiben verborgen.
preview-invite-description = Du bist eingeladen, Lavalist in einer Gruppe zu spielen: Nenne { $items ->
        [1] den einen Begriff
       *[other] alle { $items } Begriffe
    } der heutigen Liste, bevor die Lava steigt.

## Das Vorschaubild (kurze Zeilen)

card-site-title = Jeden Tag eine neue Liste.
card-site-tagline = Nenne alle zehn, bevor die Lava steigt.
card-site-footer = Tagesspiel · Archiv · Community-Spiele · Gruppen
card-game-footer = Nenne { $items ->
        [1] den einen
       *[other] alle { $items }
    }, bevor die Lava steigt.
