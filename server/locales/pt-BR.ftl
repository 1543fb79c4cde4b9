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
