# Textes du serveur de Lavalist en français (référence : en.ftl). Tutoiement.

## Inscription : le code de vérification

signup-code-subject = Ton code de vérification Lavalist
signup-code-body =
    Bonjour { $username },

    Ton code de vérification Lavalist est { $code }.
    Il expire dans { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }.

## Mot de passe oublié : le lien de réinitialisation

reset-subject = Réinitialise ton mot de passe Lavalist
reset-body =
    Bonjour { $username },

    Ouvre ce lien dans { $hours ->
        [one] l’heure qui vient
       *[other] les { $hours } heures qui viennent
    } pour choisir un nouveau mot de passe :
    { $link }

    Si tu n’as rien demandé, ignore simplement cet e-mail.

## Avis concernant le compte

password-changed-subject = Ton mot de passe Lavalist a été modifié
password-changed-body =
    Bonjour { $username },

    Le mot de passe de ton compte Lavalist vient d’être modifié, et tous tes autres appareils ont été déconnectés.

    Si ce n’était pas toi, réinitialise ton mot de passe dès maintenant avec « Mot de passe oublié ? » sur { $url }.

account-deleted-subject = Ton compte Lavalist a été supprimé
account-deleted-body =
    Bonjour { $username },

    Ton compte Lavalist a été supprimé, comme tu l’as demandé. Tes résultats comptent toujours dans les statistiques de chaque partie, mais sans ton nom. Tu peux utiliser cette adresse e-mail pour un nouveau compte.

## Rappels quotidiens

reminder-subject = Le Lavalist du jour est prêt
reminder-streak-subject = Ta série Lavalist de { $streak ->
        [one] { $streak } jour
       *[other] { $streak } jours
    } t’attend
reminder-push-body = Le jour { $day } est en ligne. Dix réponses à trouver, huit erreurs permises.
reminder-streak-push-body = Le jour { $day } est en ligne. Joue aujourd’hui pour garder ta série.
reminder-email-intro = Le jour { $day } de Lavalist est en ligne : dix réponses à trouver, huit erreurs permises.
reminder-email-streak = Joue aujourd’hui pour garder ta série de { $streak ->
        [one] { $streak } jour
       *[other] { $streak } jours
    }.
reminder-email-play = Jouer à la partie du jour : { $url }
reminder-email-footer =
    Tu reçois cet e-mail parce que tu as activé les rappels quotidiens par e-mail dans les réglages de Lavalist.
    Ne plus recevoir ces e-mails (sans connexion) : { $unsubscribe }

## La description des pages (<meta name="description"> d’index.html)

page-description = Lavalist : trouve les dix choses de la liste du jour avant que la lave ne monte.

## Aperçus de liens : ce qu’affiche une appli de messagerie (server/src/domains/previews)

preview-site-description = Un jeu de listes à deviner chaque jour : trouve { $items ->
        [1] la seule chose
       *[other] les { $items } choses
    } de la liste du jour avant que la lave ne monte.
preview-site-image-alt = Lavalist : une nouvelle liste chaque jour
preview-game-title = Lavalist { $heading } : { $prompt }
preview-game-description = Trouve { $items ->
        [1] la seule chose
       *[other] les { $items } choses
    } de la liste avant que la lave ne monte. Une nouvelle liste chaque jour.
preview-image-alt = { $heading } : { $prompt }
preview-result-description = Quelqu’un a trouvé { $found } sur { $total } et marqué { $score ->
        [one] { $score } point
       *[other] { $score } points
    }. Tu peux faire mieux ? Sans spoiler : les réponses restent cachées.
preview-result-image-alt = { $heading } : { $prompt }. Score : { $score }
preview-challenge-title = { $who } te défie : { $title }
preview-a-friend = Un ami
preview-challenge-description = Trouve { $items ->
        [1] la seule chose
       *[other] les { $items } choses
    } de la liste, puis comparez vos résultats côte à côte. Sans spoiler : les réponses restent cachées.
preview-invite-description = On t’invite à jouer à Lavalist en groupe : trouve { $items ->
        [1] la seule chose
       *[other] les { $items } choses
    } de la liste du jour avant que la lave ne monte.

## L’image de l’aperçu (lignes courtes)

card-site-title = Une nouvelle liste chaque jour.
card-site-tagline = Trouve les dix avant que la lave ne monte.
card-site-footer = Partie du jour · archives · parties de la communauté · groupes
card-game-footer = Trouve { $items ->
        [1] la seule
       *[other] les { $items }
    } avant que la lave ne monte.
