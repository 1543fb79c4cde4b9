# نصوص خادم Lavalist بالعربية (المرجع: en.ftl). نص عادي من اليمين إلى اليسار؛ الروابط والرموز
# في آخر السطر أو على سطر وحدها حتى لا يبعثرها اتجاه النص.

## التسجيل: رمز التحقق

signup-code-subject = رمز التحقق الخاص بك في Lavalist
signup-code-body =
    مرحبًا { $username }،

    رمز التحقق الخاص بك في Lavalist هو: { $code }
    تنتهي صلاحية الرمز خلال { $minutes ->
        [one] دقيقة واحدة
        [two] دقيقتين
        [few] { $minutes } دقائق
       *[other] { $minutes } دقيقة
    }.

## نسيت كلمة المرور: رابط إعادة التعيين

reset-subject = إعادة تعيين كلمة مرور Lavalist
reset-body =
    مرحبًا { $username }،

    افتح هذا الرابط خلال { $hours ->
        [one] ساعة
        [two] ساعتين
        [few] { $hours } ساعات
       *[other] { $hours } ساعة
    } لاختيار كلمة مرور جديدة:
    { $link }

    إذا لم تطلب ذلك، فتجاهل هذه الرسالة.

## إشعارات الحساب

password-changed-subject = تم تغيير كلمة مرور Lavalist الخاصة بك
password-changed-body =
    مرحبًا { $username }،

    تم للتو تغيير كلمة مرور حسابك في Lavalist، وتم تسجيل الخروج من جميع أجهزتك الأخرى.

    إذا لم تكن أنت من فعل ذلك، فأعد تعيين كلمة المرور الآن عبر «نسيت كلمة المرور؟» على:
    { $url }

account-deleted-subject = تم حذف حسابك في Lavalist
account-deleted-body =
    مرحبًا { $username }،

    حذفنا حسابك في Lavalist كما طلبت. ستبقى نتائجك محتسبة في إحصاءات كل لعبة، ولكن من دون اسمك. ويمكنك استخدام عنوان البريد الإلكتروني هذا لإنشاء حساب جديد.

## التذكيرات اليومية

reminder-subject = لعبة Lavalist لهذا اليوم جاهزة
reminder-streak-subject = سلسلتك في Lavalist { $streak ->
        [one] ليوم واحد
        [two] ليومين
        [few] من { $streak } أيام
        [many] من { $streak } يومًا
       *[other] من { $streak } يوم
    } بانتظارك
reminder-push-body = اليوم رقم { $day } متاح الآن. اعثر على عشر إجابات، ويُسمح لك بثمانية أخطاء.
reminder-streak-push-body = اليوم رقم { $day } متاح الآن. العب اليوم لتحافظ على سلسلتك.
reminder-email-intro = اليوم رقم { $day } من Lavalist متاح الآن: اعثر على عشر إجابات، ويُسمح لك بثمانية أخطاء.
reminder-email-streak = العب اليوم لتحافظ على سلسلتك { $streak ->
        [one] ليوم واحد
        [two] ليومين
        [few] من { $streak } أيام
        [many] من { $streak } يومًا
       *[other] من { $streak } يوم
    }.
reminder-email-play = العب لعبة اليوم: { $url }
reminder-email-footer =
    تصلك هذه الرسالة لأنك فعّلت التذكيرات اليومية بالبريد الإلكتروني في إعدادات Lavalist.
    لإيقاف هذه الرسائل (دون تسجيل الدخول): { $unsubscribe }
