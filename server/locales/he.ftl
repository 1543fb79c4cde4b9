# הטקסטים של שרת Lavalist בעברית (מקור: en.ftl). ניסוח ניטרלי מגדרית ככל האפשר; קישורים וקודים
# בסוף שורה או בשורה משלהם, כדי שכיוון הטקסט לא יערבב אותם.

## הרשמה: קוד אימות

signup-code-subject = קוד האימות שלך ל-Lavalist
signup-code-body =
    שלום { $username },

    קוד האימות שלך ל-Lavalist הוא: { $code }
    הקוד בתוקף למשך { $minutes ->
        [one] דקה אחת
        [two] שתי דקות
       *[other] { $minutes } דקות
    }.

## שכחת סיסמה: קישור לאיפוס

reset-subject = איפוס הסיסמה ל-Lavalist
reset-body =
    שלום { $username },

    כדי לבחור סיסמה חדשה, יש לפתוח את הקישור הזה תוך { $hours ->
        [one] שעה
        [two] שעתיים
       *[other] { $hours } שעות
    }:
    { $link }

    אם לא ביקשת לאפס את הסיסמה, אפשר פשוט להתעלם מהמייל הזה.

## הודעות על החשבון

password-changed-subject = הסיסמה שלך ב-Lavalist שונתה
password-changed-body =
    שלום { $username },

    הסיסמה של החשבון שלך ב-Lavalist שונתה זה עתה, וכל שאר המכשירים נותקו מהחשבון.

    אם השינוי לא נעשה על ידך, יש לאפס את הסיסמה עכשיו דרך "שכחת סיסמה?" בכתובת:
    { $url }

account-deleted-subject = החשבון שלך ב-Lavalist נמחק
account-deleted-body =
    שלום { $username },

    החשבון שלך ב-Lavalist נמחק לבקשתך. התוצאות שלך עדיין נספרות בסטטיסטיקה של כל משחק, אבל בלי השם שלך. אפשר להשתמש בכתובת המייל הזו כדי לפתוח חשבון חדש.

## תזכורות יומיות

reminder-subject = ה-Lavalist של היום מחכה לך
reminder-streak-subject = הרצף שלך ב-Lavalist, { $streak ->
        [one] יום אחד
        [two] יומיים
       *[other] { $streak } ימים
    } ברציפות, מחכה לך
reminder-push-body = יום { $day } כבר כאן. עשר תשובות למצוא, ומותר לטעות שמונה פעמים.
reminder-streak-push-body = יום { $day } כבר כאן. כדאי לשחק היום כדי לשמור על הרצף.
reminder-email-intro = יום { $day } של Lavalist כבר כאן: עשר תשובות למצוא, ומותר לטעות שמונה פעמים.
reminder-email-streak = כדאי לשחק היום כדי לשמור על הרצף שלך: { $streak ->
        [one] יום אחד
        [two] יומיים
       *[other] { $streak } ימים
    } ברציפות.
reminder-email-play = למשחק של היום: { $url }
reminder-email-footer =
    המייל הזה נשלח אליך כי הפעלת תזכורות יומיות במייל בהגדרות של Lavalist.
    להפסקת המיילים האלה (בלי להתחבר): { $unsubscribe }

## תיאור הדפים (<meta name="description"> ב-index.html)

page-description = Lavalist: מצאו את כל עשרת הפריטים ברשימה של היום לפני שהלבה עולה.

## תצוגות מקדימות של קישורים: מה שאפליקציית צ׳אט מציגה (server/src/domains/previews)

preview-site-description = משחק יומי של ניחוש רשימות: מצאו { $items ->
        [one] את הפריט היחיד
        [two] את שני הפריטים
       *[other] את כל { $items } הפריטים
    } ברשימה של היום לפני שהלבה עולה.
preview-site-image-alt = Lavalist: רשימה חדשה בכל יום
preview-game-title = Lavalist { $heading }: { $prompt }
preview-game-description = מצאו { $items ->
        [one] את הפריט היחיד
        [two] את שני הפריטים
       *[other] את כל { $items } הפריטים
    } ברשימה לפני שהלבה עולה. רשימה חדשה בכל יום.
preview-image-alt = { $heading }: { $prompt }
preview-result-description = מישהו מצא { $found } מתוך { $total } וצבר { $score ->
        [one] נקודה אחת
       *[other] { $score } נקודות
    }. אפשר לעשות יותר טוב? בלי ספוילרים: התשובות נשארות מוסתרות.
preview-result-image-alt = { $heading }: { $prompt }. ניקוד: { $score }
preview-challenge-title = אתגר מאת { $who }: { $title }
preview-a-friend = חבר
preview-challenge-description = מצאו { $items ->
        [one] את הפריט היחיד
        [two] את שני הפריטים
       *[other] את כל { $items } הפריטים
    } ברשימה, ואז השוו את התוצאות זו לצד זו. בלי ספוילרים: התשובות נשארות מוסתרות.
preview-invite-description = הזמנה לשחק Lavalist בקבוצה: מצאו { $items ->
        [one] את הפריט היחיד
        [two] את שני הפריטים
       *[other] את כל { $items } הפריטים
    } ברשימה של היום לפני שהלבה עולה.

## תמונת התצוגה המקדימה (שורות קצרות)

card-site-title = רשימה חדשה בכל יום.
card-site-tagline = מצאו את כל עשרת הפריטים לפני שהלבה עולה.
card-site-footer = משחק יומי · ארכיון · משחקי קהילה · קבוצות
card-game-footer = מצאו { $items ->
        [one] את הפריט היחיד
        [two] את שני הפריטים
       *[other] את כל { $items } הפריטים
    } לפני שהלבה עולה.
