# Lavalist 服务器的简体中文文案（参照：en.ftl）。称呼：你。

## 注册：验证码

signup-code-subject = 你的 Lavalist 验证码
signup-code-body =
    { $username }，你好：

    你的 Lavalist 验证码是 { $code }。
    验证码 { $minutes } 分钟内有效。

## 忘记密码：重置链接

reset-subject = 重置你的 Lavalist 密码
reset-body =
    { $username }，你好：

    请在 { $hours } 小时内打开以下链接，设置新密码：
    { $link }

    如果这不是你本人的操作，请忽略此邮件。

## 账号通知

password-changed-subject = 你的 Lavalist 密码已更改
password-changed-body =
    { $username }，你好：

    你的 Lavalist 账号密码刚刚已更改，其他所有设备均已退出登录。

    如果这不是你本人的操作，请立即通过 { $url } 上的“忘记密码？”重置密码。

account-deleted-subject = 你的 Lavalist 账号已删除
account-deleted-body =
    { $username }，你好：

    你的 Lavalist 账号已按你的要求删除。你的成绩仍会计入各个游戏的统计，但不再显示你的名字。此邮箱地址可以用来注册新账号。

## 每日提醒

reminder-subject = 今天的 Lavalist 已上线
reminder-streak-subject = 你的 Lavalist 连续 { $streak } 天记录在等你
reminder-push-body = 第 { $day } 天已上线。找出 10 个答案，最多可错 8 次。
reminder-streak-push-body = 第 { $day } 天已上线。今天玩一局，保持连续记录。
reminder-email-intro = Lavalist 第 { $day } 天已上线：找出 10 个答案，最多可错 8 次。
reminder-email-streak = 今天玩一局，保住你连续 { $streak } 天的记录。
reminder-email-play = 开始今天的游戏：{ $url }
reminder-email-footer =
    你收到这封邮件，是因为你在 Lavalist 的设置中开启了每日邮件提醒。
    停止接收此类邮件（无需登录）：{ $unsubscribe }

## 页面描述（index.html 的 <meta name="description">）

page-description = Lavalist：在岩浆涨上来之前，说出今天列表中的全部 10 个答案。

## 链接预览：聊天应用为链接显示的内容（server/src/domains/previews）

preview-site-description = 每日猜列表游戏：在岩浆涨上来之前，说出今天列表中的全部 { $items } 个答案。
preview-site-image-alt = Lavalist：每天一个新列表
preview-game-title = Lavalist { $heading }：{ $prompt }
preview-game-description = 在岩浆涨上来之前，说出列表中的全部 { $items } 个答案。每天一个新列表。
preview-image-alt = { $heading }：{ $prompt }
preview-result-description = 有位玩家找出了 { $total } 个中的 { $found } 个，得分 { $score }。你能做得更好吗？不剧透：答案仍然隐藏。
preview-result-image-alt = { $heading }：{ $prompt }。得分：{ $score }
preview-challenge-title = { $who }向你发起挑战：{ $title }
preview-a-friend = 一位朋友
preview-challenge-description = 说出列表中的全部 { $items } 个答案，然后把你们的成绩放在一起比一比。不剧透：答案仍然隐藏。
preview-invite-description = 有人邀请你在小组里玩 Lavalist：在岩浆涨上来之前，说出今天列表中的全部 { $items } 个答案。

## 预览图片（短句）

card-site-title = 每天一个新列表。
card-site-tagline = 在岩浆涨上来之前说出全部 10 个。
card-site-footer = 每日游戏 · 往期游戏 · 社区游戏 · 小组
card-game-footer = 在岩浆涨上来之前说出全部 { $items } 个。
