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
