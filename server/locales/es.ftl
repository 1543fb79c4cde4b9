# Textos del servidor de Lavalist en español (referencia: en.ftl). Trato: tú.

## Registro: el código de verificación

signup-code-subject = Tu código de verificación de Lavalist
signup-code-body =
    Hola, { $username }:

    Tu código de verificación de Lavalist es { $code }.
    Caduca en { $minutes ->
        [one] { $minutes } minuto
       *[other] { $minutes } minutos
    }.

## Contraseña olvidada: el enlace para restablecerla

reset-subject = Restablece tu contraseña de Lavalist
reset-body =
    Hola, { $username }:

    Abre este enlace { $hours ->
        [one] en la próxima hora
       *[other] en las próximas { $hours } horas
    } para elegir una contraseña nueva:
    { $link }

    Si no lo pediste tú, ignora este correo.

## Avisos de la cuenta

password-changed-subject = Se cambió tu contraseña de Lavalist
password-changed-body =
    Hola, { $username }:

    La contraseña de tu cuenta de Lavalist se acaba de cambiar y se cerró la sesión en todos tus demás dispositivos.

    Si no fuiste tú, restablece tu contraseña ahora con «¿Olvidaste tu contraseña?» en { $url }.

account-deleted-subject = Se eliminó tu cuenta de Lavalist
account-deleted-body =
    Hola, { $username }:

    Eliminamos tu cuenta de Lavalist, como pediste. Tus resultados siguen contando en las estadísticas de cada juego, pero sin tu nombre. Puedes usar esta dirección de correo para crear una cuenta nueva.

## Recordatorios diarios

reminder-subject = Ya está aquí el Lavalist de hoy
reminder-streak-subject = Tu racha de { $streak ->
        [one] { $streak } día
       *[other] { $streak } días
    } en Lavalist te espera
reminder-push-body = Ya salió el día { $day }. Diez por encontrar y hasta ocho fallos.
reminder-streak-push-body = Ya salió el día { $day }. Juega hoy para no perder tu racha.
reminder-email-intro = Ya salió el día { $day } de Lavalist: diez por encontrar y hasta ocho fallos.
reminder-email-streak = Juega hoy para no perder tu racha de { $streak ->
        [one] { $streak } día
       *[other] { $streak } días
    }.
reminder-email-play = Juega la partida de hoy: { $url }
reminder-email-footer =
    Recibes este correo porque activaste los recordatorios diarios por correo en los ajustes de Lavalist.
    Dejar de recibirlos (sin iniciar sesión): { $unsubscribe }

## La descripción de las páginas (<meta name="description"> de index.html)

page-description = Lavalist: nombra las diez cosas de la lista de hoy antes de que suba la lava.

## Vistas previas de enlaces: lo que muestra una app de chat (server/src/domains/previews)

preview-site-description = Un juego diario de adivinar listas: nombra { $items ->
        [1] la única cosa
       *[other] las { $items } cosas
    } de la lista de hoy antes de que suba la lava.
preview-site-image-alt = Lavalist: una lista nueva cada día
preview-game-title = Lavalist { $heading }: { $prompt }
preview-game-description = Nombra { $items ->
        [1] la única cosa
       *[other] las { $items } cosas
    } de la lista antes de que suba la lava. Una lista nueva cada día.
preview-image-alt = { $heading }: { $prompt }
preview-result-description = Alguien encontró { $found } de { $total } y sumó { $score ->
        [one] { $score } punto
       *[other] { $score } puntos
    }. ¿Puedes superarlo? Sin spoilers: las respuestas siguen ocultas.
preview-result-image-alt = { $heading }: { $prompt }. Puntos: { $score }
preview-challenge-title = { $who } te reta: { $title }
preview-a-friend = Un amigo
preview-challenge-description = Nombra { $items ->
        [1] la única cosa
       *[other] las { $items } cosas
    } de la lista y compara después tu resultado con el suyo. Sin spoilers: las respuestas siguen ocultas.
preview-invite-description = Te invitan a jugar a Lavalist en grupo: nombra { $items ->
        [1] la única cosa
       *[other] las { $items } cosas
    } de la lista de hoy antes de que suba la lava.

## La imagen de la vista previa (líneas cortas)

card-site-title = Una lista nueva cada día.
card-site-tagline = Nombra las diez antes de que suba la lava.
card-site-footer = Partida diaria · archivo · partidas de la comunidad · grupos
card-game-footer = Nombra { $items ->
        [1] la única
       *[other] las { $items }
    } antes de que suba la lava.
