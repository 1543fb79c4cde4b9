# Тексты сервера Lavalist на русском (образец: en.ftl). Обращение: на «вы».

## Регистрация: код подтверждения

signup-code-subject = Ваш код подтверждения Lavalist
signup-code-body =
    Здравствуйте, { $username }!

    Ваш код подтверждения Lavalist: { $code }.
    Код действует { $minutes ->
        [one] { $minutes } минуту
        [few] { $minutes } минуты
       *[many] { $minutes } минут
    }.

## Забыли пароль: ссылка для сброса

reset-subject = Сброс пароля Lavalist
reset-body =
    Здравствуйте, { $username }!

    Чтобы задать новый пароль, откройте эту ссылку в течение { $hours ->
        [1] часа
        [one] { $hours } часа
       *[other] { $hours } часов
    }:
    { $link }

    Если вы этого не запрашивали, просто не обращайте внимания на это письмо.

## Уведомления об аккаунте

password-changed-subject = Пароль Lavalist изменён
password-changed-body =
    Здравствуйте, { $username }!

    Пароль вашего аккаунта Lavalist только что изменили, а на всех остальных устройствах выполнен выход.

    Если это были не вы, сбросьте пароль прямо сейчас через «Забыли пароль?» на { $url }.

account-deleted-subject = Ваш аккаунт Lavalist удалён
account-deleted-body =
    Здравствуйте, { $username }!

    Ваш аккаунт Lavalist удалён, как вы и просили. Ваши результаты по-прежнему учитываются в статистике каждой игры, но уже без вашего имени. Этот адрес почты можно использовать для нового аккаунта.

## Ежедневные напоминания

reminder-subject = Сегодняшний Lavalist уже ждёт
reminder-streak-subject = Ваша серия в Lavalist: { $streak ->
        [one] { $streak } день
        [few] { $streak } дня
       *[many] { $streak } дней
    } подряд. Не прерывайте её!
reminder-push-body = День { $day } уже доступен. Найдите десять ответов, ошибиться можно восемь раз.
reminder-streak-push-body = День { $day } уже доступен. Сыграйте сегодня, чтобы сохранить серию.
reminder-email-intro = День { $day } в Lavalist уже доступен: найдите десять ответов, ошибиться можно восемь раз.
reminder-email-streak = Сыграйте сегодня, чтобы сохранить серию: { $streak ->
        [one] { $streak } день
        [few] { $streak } дня
       *[many] { $streak } дней
    } подряд.
reminder-email-play = Сегодняшняя игра: { $url }
reminder-email-footer =
    Вы получаете это письмо, потому что включили ежедневные напоминания по почте в настройках Lavalist.
    Отписаться от этих писем (без входа в аккаунт): { $unsubscribe }

## Описание страниц (<meta name="description"> в index.html)

page-description = Lavalist: назовите все десять ответов из сегодняшнего списка, пока лава не поднялась.

## Превью ссылок: что показывает мессенджер (server/src/domains/previews)

preview-site-description = Ежедневная игра, где угадывают списки: назовите { $items ->
        [1] единственный ответ
        [one] все { $items } ответ
        [few] все { $items } ответа
       *[many] все { $items } ответов
    } из сегодняшнего списка, пока лава не поднялась.
preview-site-image-alt = Lavalist: каждый день новый список
preview-game-title = Lavalist { $heading }: { $prompt }
preview-game-description = Назовите { $items ->
        [1] единственный ответ
        [one] все { $items } ответ
        [few] все { $items } ответа
       *[many] все { $items } ответов
    } из списка, пока лава не поднялась. Каждый день новый список.
preview-image-alt = { $heading }: { $prompt }
preview-result-description = Игрок нашёл { $found } из { $total } и набрал { $score ->
        [one] { $score } очко
        [few] { $score } очка
       *[many] { $score } очков
    }. Сможете лучше? Без спойлеров: ответы остаются скрытыми.
preview-result-image-alt = { $heading }: { $prompt }. Очки: { $score }
preview-challenge-title = { $who } бросает вам вызов: { $title }
preview-a-friend = Друг
preview-challenge-description = Назовите { $items ->
        [1] единственный ответ
        [one] все { $items } ответ
        [few] все { $items } ответа
       *[many] все { $items } ответов
    } из списка, а потом сравните результаты. Без спойлеров: ответы остаются скрытыми.
preview-invite-description = Вас приглашают сыграть в Lavalist в группе: назовите { $items ->
        [1] единственный ответ
        [one] все { $items } ответ
        [few] все { $items } ответа
       *[many] все { $items } ответов
    } из сегодняшнего списка, пока лава не поднялась.

## Картинка превью (короткие строки)

card-site-title = Каждый день новый список.
card-site-tagline = Назовите все десять, пока лава не поднялась.
card-site-footer = Игра дня · архив · игры сообщества · группы
card-game-footer = Назовите { $items ->
        [1] единственный ответ
       *[other] все { $items }
    }, пока лава не поднялась.
