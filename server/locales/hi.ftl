# Lavalist सर्वर के संदेश हिंदी में (आधार: en.ftl)। संबोधन: आप।

## साइन-अप: सत्यापन कोड

signup-code-subject = आपका Lavalist सत्यापन कोड
signup-code-body =
    नमस्ते { $username },

    आपका Lavalist सत्यापन कोड { $code } है।
    यह कोड { $minutes } मिनट तक मान्य है।

## पासवर्ड भूल गए: रीसेट लिंक

reset-subject = अपना Lavalist पासवर्ड रीसेट करें
reset-body =
    नमस्ते { $username },

    नया पासवर्ड चुनने के लिए { $hours ->
        [one] एक घंटे
       *[other] { $hours } घंटे
    } के भीतर यह लिंक खोलें:
    { $link }

    अगर आपने यह अनुरोध नहीं किया था, तो इस ईमेल को अनदेखा करें।

## खाते की सूचनाएँ

password-changed-subject = आपका Lavalist पासवर्ड बदल दिया गया है
password-changed-body =
    नमस्ते { $username },

    आपके Lavalist खाते का पासवर्ड अभी-अभी बदला गया है, और बाकी सभी डिवाइस से लॉग आउट कर दिया गया है।

    अगर यह आपने नहीं किया, तो अभी { $url } पर "पासवर्ड भूल गए?" से अपना पासवर्ड रीसेट करें।

account-deleted-subject = आपका Lavalist खाता हटा दिया गया है
account-deleted-body =
    नमस्ते { $username },

    आपके अनुरोध पर आपका Lavalist खाता हटा दिया गया है। आपके नतीजे हर गेम के आँकड़ों में अब भी गिने जाएँगे, लेकिन आपके नाम के बिना। इस ईमेल पते से आप नया खाता बना सकते हैं।

## रोज़ के रिमाइंडर

reminder-subject = आज का Lavalist तैयार है
reminder-streak-subject = आपकी { $streak } दिन की Lavalist स्ट्रीक आपका इंतज़ार कर रही है
reminder-push-body = दिन { $day } आ गया है। दस जवाब ढूँढने हैं, आठ गलतियों तक की छूट है।
reminder-streak-push-body = दिन { $day } आ गया है। अपनी स्ट्रीक बनाए रखने के लिए आज ही खेलें।
reminder-email-intro = Lavalist का दिन { $day } आ गया है: दस जवाब ढूँढने हैं, आठ गलतियों तक की छूट है।
reminder-email-streak = अपनी { $streak } दिन की स्ट्रीक बनाए रखने के लिए आज ही खेलें।
reminder-email-play = आज का गेम खेलें: { $url }
reminder-email-footer =
    आपको यह ईमेल इसलिए मिला है क्योंकि आपने Lavalist की सेटिंग में रोज़ाना ईमेल रिमाइंडर चालू किए हैं।
    ये ईमेल बंद करें (लॉग इन की ज़रूरत नहीं): { $unsubscribe }

## पेजों का विवरण (index.html का <meta name="description">)

page-description = Lavalist: लावा ऊपर चढ़ने से पहले आज की सूची के सभी दस जवाब बताइए।

## लिंक प्रीव्यू: चैट ऐप किसी लिंक के लिए क्या दिखाता है (server/src/domains/previews)

preview-site-description = रोज़ का सूची-अनुमान खेल: लावा ऊपर चढ़ने से पहले आज की सूची के सभी { $items } जवाब बताइए।
preview-site-image-alt = Lavalist: हर दिन एक नई सूची
preview-game-title = Lavalist { $heading }: { $prompt }
preview-game-description = लावा ऊपर चढ़ने से पहले सूची के सभी { $items } जवाब बताइए। हर दिन एक नई सूची।
preview-image-alt = { $heading }: { $prompt }
preview-result-description = एक खिलाड़ी ने { $total } में से { $found } जवाब ढूँढे, स्कोर: { $score }। क्या आप इससे बेहतर कर सकते हैं? कोई स्पॉइलर नहीं: जवाब छिपे रहते हैं।
preview-result-image-alt = { $heading }: { $prompt }। स्कोर: { $score }
preview-challenge-title = { $who } ने आपको चुनौती दी है: { $title }
preview-a-friend = एक दोस्त
preview-challenge-description = सूची के सभी { $items } जवाब बताइए, फिर अपने नतीजे साथ-साथ मिलाइए। कोई स्पॉइलर नहीं: जवाब छिपे रहते हैं।
preview-invite-description = आपको एक ग्रुप में Lavalist खेलने का न्योता मिला है: लावा ऊपर चढ़ने से पहले आज की सूची के सभी { $items } जवाब बताइए।

## प्रीव्यू की तस्वीर (छोटी पंक्तियाँ)

card-site-title = हर दिन एक नई सूची।
card-site-tagline = लावा चढ़ने से पहले सभी दस बताइए।
card-site-footer = आज का गेम, पुराने गेम, कम्युनिटी गेम, ग्रुप
card-game-footer = लावा चढ़ने से पहले सभी { $items } बताइए।
