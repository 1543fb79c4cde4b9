# Textos do servidor do Lavalist em português do Brasil (referência: en.ftl). Tratamento: você.

## Cadastro: o código de verificação

signup-code-subject = Seu código de verificação do Lavalist
signup-code-body =
    Oi, { $username }!

    Seu código de verificação do Lavalist é { $code }.
    Ele expira em { $minutes ->
        [one] { $minutes } minuto
       *[other] { $minutes } minutos
    }.

## Esqueci a senha: o link de redefinição

reset-subject = Redefina sua senha do Lavalist
reset-body =
    Oi, { $username }!

    Abra este link { $hours ->
        [one] em até uma hora
       *[other] em até { $hours } horas
    } para escolher uma nova senha:
    { $link }

    Se você não pediu isso, é só ignorar este e-mail.

## Avisos da conta

password-changed-subject = A senha do seu Lavalist foi alterada
password-changed-body =
    Oi, { $username }!

    A senha da sua conta do Lavalist acabou de ser alterada, e todos os outros dispositivos foram desconectados.

    Se não foi você, redefina sua senha agora em "Esqueceu a senha?" no endereço { $url }.

account-deleted-subject = Sua conta do Lavalist foi excluída
account-deleted-body =
    Oi, { $username }!

    Sua conta do Lavalist foi excluída, como você pediu. Seus resultados continuam contando nas estatísticas de cada jogo, mas sem o seu nome. Você pode usar este endereço de e-mail para criar uma nova conta.

## Lembretes diários

reminder-subject = O Lavalist de hoje já está no ar
reminder-streak-subject = Sua sequência de { $streak ->
        [one] { $streak } dia
       *[other] { $streak } dias
    } no Lavalist está esperando
reminder-push-body = O dia { $day } já está no ar. Dez para achar, até oito erros.
reminder-streak-push-body = O dia { $day } já está no ar. Jogue hoje para manter sua sequência.
reminder-email-intro = O dia { $day } do Lavalist já está no ar: dez para achar, até oito erros.
reminder-email-streak = Jogue hoje para manter sua sequência de { $streak ->
        [one] { $streak } dia
       *[other] { $streak } dias
    }.
reminder-email-play = Jogue o jogo de hoje: { $url }
reminder-email-footer =
    Você recebe este e-mail porque ativou os lembretes diários por e-mail nas configurações do Lavalist.
    Parar de receber estes e-mails (sem precisar entrar): { $unsubscribe }

## A descrição das páginas (<meta name="description"> do index.html)

page-description = Lavalist: diga as dez coisas da lista de hoje antes que a lava suba.

## Prévias de links: o que um app de conversa mostra (server/src/domains/previews)

preview-site-description = Um jogo diário de adivinhar listas: diga { $items ->
        [1] a única coisa
       *[other] as { $items } coisas
    } da lista de hoje antes que a lava suba.
preview-site-image-alt = Lavalist: uma lista nova todo dia
preview-game-title = Lavalist { $heading }: { $prompt }
preview-game-description = Diga { $items ->
        [1] a única coisa
       *[other] as { $items } coisas
    } da lista antes que a lava suba. Uma lista nova todo dia.
preview-image-alt = { $heading }: { $prompt }
preview-result-description = Alguém achou { $found } de { $total } e fez { $score ->
        [one] { $score } ponto
       *[other] { $score } pontos
    }. Você consegue mais? Sem spoilers: as respostas continuam escondidas.
preview-result-image-alt = { $heading }: { $prompt }. Pontos: { $score }
preview-challenge-title = { $who } desafia você: { $title }
preview-a-friend = Um amigo
preview-challenge-description = Diga { $items ->
        [1] a única coisa
       *[other] as { $items } coisas
    } da lista e depois compare os resultados lado a lado. Sem spoilers: as respostas continuam escondidas.
preview-invite-description = Chegou um convite para você jogar Lavalist em grupo: diga { $items ->
        [1] a única coisa
       *[other] as { $items } coisas
    } da lista de hoje antes que a lava suba.

## A imagem da prévia (linhas curtas)

card-site-title = Uma lista nova todo dia.
card-site-tagline = Diga as dez antes que a lava suba.
card-site-footer = Jogo diário · arquivo · jogos da comunidade · grupos
card-game-footer = Diga { $items ->
        [1] a única
       *[other] as { $items }
    } antes que a lava suba.
