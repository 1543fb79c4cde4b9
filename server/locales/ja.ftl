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

## ページの説明（index.html の <meta name="description">）

page-description = Lavalist：溶岩が上がる前に、今日のリストの10個をすべて答えましょう。

## リンクのプレビュー：チャットアプリに表示される内容（server/src/domains/previews）

preview-site-description = 毎日のリスト当てゲーム。溶岩が上がる前に、今日のリストの{ $items }個をすべて答えましょう。
preview-site-image-alt = Lavalist：毎日新しいリスト
preview-game-title = Lavalist { $heading }：{ $prompt }
preview-game-description = 溶岩が上がる前に、リストの{ $items }個をすべて答えましょう。毎日新しいリストが出ます。
preview-image-alt = { $heading }：{ $prompt }
preview-result-description = あるプレイヤーは{ $total }個中{ $found }個を見つけ、スコアは{ $score }でした。これを超えられますか？ネタバレなし：答えは隠れたままです。
preview-result-image-alt = { $heading }：{ $prompt }。スコア：{ $score }
preview-challenge-title = { $who }から挑戦状が届きました：{ $title }
preview-a-friend = 友だち
preview-challenge-description = リストの{ $items }個をすべて答えて、結果を並べて比べましょう。ネタバレなし：答えは隠れたままです。
preview-invite-description = グループでLavalistを遊ぶ招待が届きました。溶岩が上がる前に、今日のリストの{ $items }個をすべて答えましょう。

## プレビューの画像（短い行）

card-site-title = 毎日新しいリスト。
card-site-tagline = 溶岩が上がる前に10個すべて答えましょう。
card-site-footer = 今日のゲーム · アーカイブ · コミュニティのゲーム · グループ
card-game-footer = 溶岩が上がる前に{ $items }個すべて答えましょう。
