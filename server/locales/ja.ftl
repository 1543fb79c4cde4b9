# Lavalist サーバーの日本語メッセージ（基準: en.ftl）。です・ます調。

## 登録: 確認コード

signup-code-subject = Lavalistの確認コード
signup-code-body =
    { $username }さん

    Lavalistの確認コード: { $code }
    有効期限は{ $minutes }分です。

## パスワードを忘れた場合: 再設定リンク

reset-subject = Lavalistのパスワード再設定
reset-body =
    { $username }さん

    { $hours }時間以内に次のリンクを開いて、新しいパスワードを設定してください。
    { $link }

    お心当たりがない場合は、このメールを無視してください。

## アカウントのお知らせ

password-changed-subject = Lavalistのパスワードが変更されました
password-changed-body =
    { $username }さん

    Lavalistアカウントのパスワードが変更され、ほかのすべての端末からログアウトしました。

    お心当たりがない場合は、今すぐ { $url } の「パスワードをお忘れですか？」からパスワードを再設定してください。

account-deleted-subject = Lavalistアカウントを削除しました
account-deleted-body =
    { $username }さん

    ご依頼どおり、Lavalistアカウントを削除しました。これまでの結果は名前を伏せたまま各ゲームの統計に残ります。このメールアドレスは新しいアカウントに使えます。

## 毎日のリマインダー

reminder-subject = 今日のLavalistが届きました
reminder-streak-subject = Lavalistの { $streak }日連続記録が待っています
reminder-push-body = { $day }日目が公開されました。見つけるのは 10個、ミスは 8回まで。
reminder-streak-push-body = { $day }日目が公開されました。今日プレイして連続記録をつなげましょう。
reminder-email-intro = Lavalistの { $day }日目が公開されました。見つけるのは 10個、ミスは 8回までです。
reminder-email-streak = 今日プレイして、{ $streak }日連続記録をつなげましょう。
reminder-email-play = 今日のゲームをプレイ: { $url }
reminder-email-footer =
    このメールは、Lavalistの設定で毎日のメールリマインダーをオンにしたためお送りしています。
    配信停止（ログイン不要）: { $unsubscribe }
