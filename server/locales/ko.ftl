# Lavalist 서버 문구 한국어판 (기준: en.ftl). 합니다체.

## 가입: 인증 코드

signup-code-subject = Lavalist 인증 코드
signup-code-body =
    { $username }님, 안녕하세요.

    Lavalist 인증 코드: { $code }
    이 코드는 { $minutes }분 동안 유효합니다.

## 비밀번호 찾기: 재설정 링크

reset-subject = Lavalist 비밀번호 재설정
reset-body =
    { $username }님, 안녕하세요.

    { $hours }시간 안에 아래 링크를 열어 새 비밀번호를 설정하세요.
    { $link }

    직접 요청하지 않으셨다면 이 메일은 무시하셔도 됩니다.

## 계정 알림

password-changed-subject = Lavalist 비밀번호가 변경되었습니다
password-changed-body =
    { $username }님, 안녕하세요.

    Lavalist 계정의 비밀번호가 방금 변경되어 다른 모든 기기에서 로그아웃되었습니다.

    본인이 변경하지 않았다면 지금 바로 { $url } 에서 '비밀번호를 잊으셨나요?'를 눌러 비밀번호를 재설정하세요.

account-deleted-subject = Lavalist 계정이 삭제되었습니다
account-deleted-body =
    { $username }님, 안녕하세요.

    요청하신 대로 Lavalist 계정을 삭제했습니다. 회원님의 기록은 이름 없이 각 게임의 통계에 계속 반영됩니다. 이 이메일 주소로 새 계정을 만들 수 있습니다.

## 매일 알림

reminder-subject = 오늘의 Lavalist가 준비되었습니다
reminder-streak-subject = Lavalist { $streak }일 연속 기록을 이어 가세요
reminder-push-body = { $day }일차 게임이 공개되었습니다. 10개를 찾아야 하며 8번까지 틀릴 수 있습니다.
reminder-streak-push-body = { $day }일차 게임이 공개되었습니다. 오늘 플레이하고 연속 기록을 이어 가세요.
reminder-email-intro = Lavalist { $day }일차 게임이 공개되었습니다. 10개를 찾아야 하며 8번까지 틀릴 수 있습니다.
reminder-email-streak = 오늘 플레이하고 { $streak }일 연속 기록을 이어 가세요.
reminder-email-play = 오늘의 게임 하기: { $url }
reminder-email-footer =
    Lavalist 설정에서 매일 이메일 알림을 켜 두셨기 때문에 이 메일을 보내 드립니다.
    수신 거부(로그인 불필요): { $unsubscribe }

## 페이지 설명 (index.html의 <meta name="description">)

page-description = Lavalist: 용암이 차오르기 전에 오늘 목록의 10개를 모두 맞혀 보세요.

## 링크 미리보기: 채팅 앱에 표시되는 내용 (server/src/domains/previews)

preview-site-description = 매일 하는 목록 맞히기 게임: 용암이 차오르기 전에 오늘 목록의 { $items }개를 모두 맞혀 보세요.
preview-site-image-alt = Lavalist: 매일 새로운 목록
preview-game-title = Lavalist { $heading }: { $prompt }
preview-game-description = 용암이 차오르기 전에 목록의 { $items }개를 모두 맞혀 보세요. 매일 새로운 목록이 나옵니다.
preview-image-alt = { $heading }: { $prompt }
preview-result-description = 한 플레이어가 { $total }개 중 { $found }개를 찾아 { $score }점을 얻었습니다. 더 잘할 수 있나요? 스포일러 없음: 정답은 공개되지 않습니다.
preview-result-image-alt = { $heading }: { $prompt }. 점수: { $score }
preview-challenge-title = { $who }에게서 도전장이 왔습니다: { $title }
preview-a-friend = 친구
preview-challenge-description = 목록의 { $items }개를 모두 맞힌 뒤 결과를 나란히 비교해 보세요. 스포일러 없음: 정답은 공개되지 않습니다.
preview-invite-description = 그룹에서 함께 Lavalist를 하자는 초대가 왔습니다. 용암이 차오르기 전에 오늘 목록의 { $items }개를 모두 맞혀 보세요.

## 미리보기 이미지 (짧은 줄)

card-site-title = 매일 새로운 목록.
card-site-tagline = 용암이 차오르기 전에 10개를 모두 맞히세요.
card-site-footer = 오늘의 게임 · 지난 게임 · 커뮤니티 게임 · 그룹
card-game-footer = 용암이 차오르기 전에 { $items }개를 모두 맞히세요.
