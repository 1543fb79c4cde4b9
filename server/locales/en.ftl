# Lavalist's server messages: the e-mails (and reminder pushes) it sends, in English, the
# reference every other locale file follows (server/src/i18n; a test fails when a file misses
# one of these messages or does not parse).
#
# Variables: $username (as the player typed it), $code (6 digits), $link and $url (whole
# addresses), $minutes, $hours, $day and $streak (numbers: plural forms by CLDR rules).
# Keep codes, links and numbers exactly as they are; the product is always "Lavalist".

## Sign-up: the verification code

signup-code-subject = Your Lavalist verification code
signup-code-body =
    Hi { $username },

    Your Lavalist verification code is { $code }.
    It expires in { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }.

## Forgot password: the reset link

reset-subject = Reset your Lavalist password
reset-body =
    Hi { $username },

    Open this link within { $hours ->
        [one] an hour
       *[other] { $hours } hours
    } to choose a new password:
    { $link }

    If you did not ask for this, ignore this e-mail.

## Notices to the account

password-changed-subject = Your Lavalist password was changed
password-changed-body =
    Hi { $username },

    The password of your Lavalist account was just changed, and every other device was logged out.

    If this was not you, reset your password now with "Forgot password?" at { $url }.

account-deleted-subject = Your Lavalist account was deleted
account-deleted-body =
    Hi { $username },

    Your Lavalist account was deleted as you asked. Your results still count in each game's statistics, without your name. This e-mail address can be used for a new account.

## Daily reminders

reminder-subject = Today's Lavalist is ready
reminder-streak-subject = Your { $streak }-day Lavalist streak is waiting
reminder-push-body = Day { $day } is out. Ten to find, eight misses allowed.
reminder-streak-push-body = Day { $day } is out. Play it today to keep your streak going.
# The e-mail: its paragraphs, one after another (the streak one only when a streak is at stake).
reminder-email-intro = Day { $day } of Lavalist is out: ten to find, eight misses allowed.
reminder-email-streak = Play it today to keep your { $streak }-day streak.
reminder-email-play = Play today's game: { $url }
reminder-email-footer =
    You get this e-mail because you turned on daily e-mail reminders in Lavalist's settings.
    Stop these e-mails (no login needed): { $unsubscribe }
