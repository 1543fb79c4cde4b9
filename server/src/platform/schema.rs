// @generated automatically by Diesel CLI.

diesel::table! {
    archive_results (game_id, user_key) {
        game_id -> Int8,
        user_key -> Text,
        actions -> Text,
        ip -> Text,
        created_at -> Int8,
    }
}

diesel::table! {
    autofill_cooldowns (user_id) {
        user_id -> Int8,
        last_used_at -> Int8,
    }
}

diesel::table! {
    background_jobs (id) {
        id -> Int8,
        job_type -> Text,
        data -> Text,
        dedupe_key -> Nullable<Text>,
        state -> Text,
        attempts -> Int8,
        run_at -> Int8,
        locked_until -> Int8,
        lock_token -> Nullable<Text>,
        last_error -> Nullable<Text>,
        created_at -> Int8,
        finished_at -> Nullable<Int8>,
    }
}

diesel::table! {
    challenges (id) {
        id -> Text,
        game_id -> Int8,
        daily_date -> Nullable<Text>,
        creator_key -> Text,
        creator_name -> Nullable<Text>,
        ip -> Text,
        created_at -> Int8,
    }
}

diesel::table! {
    channel_deliveries (id) {
        id -> Int8,
        group_id -> Int8,
        dedupe_key -> Text,
        message -> Text,
        status -> Text,
        attempts -> Int8,
        next_attempt_at -> Int8,
        claimed_until -> Int8,
        created_at -> Int8,
        finished_at -> Nullable<Int8>,
    }
}

diesel::table! {
    disputes (id) {
        id -> Int8,
        game_id -> Int8,
        user_key -> Text,
        user_id -> Nullable<Int8>,
        guess -> Text,
        guess_key -> Text,
        status -> Text,
        item_id -> Nullable<Int8>,
        ip -> Text,
        created_at -> Int8,
        resolved_at -> Nullable<Int8>,
    }
}

diesel::table! {
    game_daily_plays (game_id, day) {
        game_id -> Int8,
        day -> Text,
        plays -> Int8,
    }
}

diesel::table! {
    game_item_stats (game_id, item_id) {
        game_id -> Int8,
        item_id -> Int8,
        found_count -> Int8,
    }
}

diesel::table! {
    game_score_counts (game_id, bucket) {
        game_id -> Int8,
        bucket -> Int4,
        players -> Int8,
    }
}

diesel::table! {
    game_stats (game_id) {
        game_id -> Int8,
        player_count -> Int8,
        score_sum -> Int8,
        won_count -> Int8,
        found_sum -> Int8,
    }
}

diesel::table! {
    games (id) {
        id -> Int8,
        uid -> Text,
        kind -> Text,
        status -> Text,
        public -> Bool,
        prompt -> Text,
        prompt_search -> Text,
        submitter -> Text,
        owner_id -> Nullable<Int8>,
        daily_date -> Nullable<Text>,
        items -> Text,
        created_at -> Int8,
        updated_at -> Int8,
        language -> Text,
        categories -> Int4,
        plays -> Int8,
        rating_sum -> Int8,
        rating_count -> Int8,
        top -> Float8,
        hot -> Float8,
        edition_date -> Nullable<Text>,
        search_words -> Nullable<Text>,
        flagged_words -> Nullable<Text>,
    }
}

diesel::table! {
    group_channels (group_id) {
        group_id -> Int8,
        url -> Text,
        kind -> Text,
        connected_at -> Int8,
        failures -> Int8,
        disabled_at -> Nullable<Int8>,
        disabled_reason -> Nullable<Text>,
        last_delivery_at -> Nullable<Int8>,
        last_error -> Nullable<Text>,
    }
}

diesel::table! {
    group_members (group_id, user_id) {
        group_id -> Int8,
        user_id -> Int8,
        joined_at -> Int8,
    }
}

diesel::table! {
    password_resets (token_hash) {
        token_hash -> Text,
        user_id -> Int8,
        created_at -> Int8,
        expires_at -> Int8,
        used -> Bool,
    }
}

diesel::table! {
    pending_signups (email) {
        email -> Text,
        username -> Text,
        username_lower -> Text,
        password_hash -> Text,
        code_hash -> Text,
        wrong_tries -> Int4,
        expires_at -> Int8,
        signup_token_hash -> Text,
        adult_confirmed_at -> Nullable<Int8>,
        locale -> Nullable<Text>,
    }
}

diesel::table! {
    player_groups (id) {
        id -> Int8,
        name -> Text,
        owner_id -> Int8,
        invite_code -> Text,
        created_at -> Int8,
    }
}

diesel::table! {
    progress (user_id, game_id) {
        user_id -> Int8,
        game_id -> Int8,
        actions -> Text,
        updated_at -> Int8,
    }
}

diesel::table! {
    push_subscriptions (endpoint) {
        endpoint -> Text,
        player_key -> Text,
        p256dh -> Text,
        auth -> Text,
        created_at -> Int8,
    }
}

diesel::table! {
    rate_events (id) {
        id -> Int8,
        bucket -> Text,
        key -> Text,
        at -> Int8,
    }
}

diesel::table! {
    ratings (game_id, rater_key) {
        game_id -> Int8,
        rater_key -> Text,
        user_id -> Nullable<Int8>,
        stars -> Int4,
        created_at -> Int8,
        updated_at -> Int8,
    }
}

diesel::table! {
    reminders (player_key) {
        player_key -> Text,
        user_id -> Nullable<Int8>,
        push -> Bool,
        email -> Bool,
        local_minute -> Int4,
        time_zone -> Text,
        only_streak -> Bool,
        next_due_at -> Nullable<Int8>,
        last_day -> Text,
        created_at -> Int8,
        updated_at -> Int8,
    }
}

diesel::table! {
    reports (id) {
        id -> Int8,
        game_id -> Int8,
        user_key -> Text,
        user_id -> Nullable<Int8>,
        reason -> Text,
        details -> Text,
        ip -> Text,
        status -> Text,
        created_at -> Int8,
        resolved_at -> Nullable<Int8>,
    }
}

diesel::table! {
    server_keys (name) {
        name -> Text,
        value -> Text,
        created_at -> Int8,
    }
}

diesel::table! {
    streaks (user_key) {
        user_key -> Text,
        last_played -> Text,
        played_streak -> Int4,
        won_streak -> Int4,
        daily_played -> Int4,
        daily_won -> Int4,
        daily_score -> Int8,
        totals_version -> Int4,
        prior_of -> Text,
        prior_last_played -> Text,
        prior_played_streak -> Int4,
        prior_won_streak -> Int4,
    }
}

diesel::table! {
    submissions (id) {
        id -> Int8,
        game_id -> Int8,
        user_key -> Text,
        score -> Int4,
        answers -> Text,
        actions -> Nullable<Text>,
        ip -> Text,
        created_at -> Int8,
        daily_day -> Nullable<Text>,
        found -> Int4,
        won -> Int4,
        wrong -> Nullable<Int4>,
        hints -> Nullable<Int4>,
        summary_version -> Int4,
    }
}

diesel::table! {
    users (id) {
        id -> Int8,
        username -> Text,
        username_lower -> Text,
        email -> Text,
        role -> Nullable<Text>,
        created_at -> Int8,
        password_hash -> Nullable<Text>,
        tokens_valid_after -> Int8,
        session_version -> Int8,
        adult_confirmed_at -> Nullable<Int8>,
        deleted_at -> Nullable<Int8>,
        locale -> Nullable<Text>,
    }
}

diesel::joinable!(archive_results -> games (game_id));
diesel::joinable!(autofill_cooldowns -> users (user_id));
diesel::joinable!(challenges -> games (game_id));
diesel::joinable!(channel_deliveries -> group_channels (group_id));
diesel::joinable!(disputes -> games (game_id));
diesel::joinable!(disputes -> users (user_id));
diesel::joinable!(game_daily_plays -> games (game_id));
diesel::joinable!(game_item_stats -> games (game_id));
diesel::joinable!(game_score_counts -> games (game_id));
diesel::joinable!(game_stats -> games (game_id));
diesel::joinable!(games -> users (owner_id));
diesel::joinable!(group_channels -> player_groups (group_id));
diesel::joinable!(group_members -> player_groups (group_id));
diesel::joinable!(group_members -> users (user_id));
diesel::joinable!(password_resets -> users (user_id));
diesel::joinable!(player_groups -> users (owner_id));
diesel::joinable!(progress -> games (game_id));
diesel::joinable!(progress -> users (user_id));
diesel::joinable!(ratings -> games (game_id));
diesel::joinable!(ratings -> users (user_id));
diesel::joinable!(reminders -> users (user_id));
diesel::joinable!(reports -> games (game_id));
diesel::joinable!(reports -> users (user_id));
diesel::joinable!(submissions -> games (game_id));

diesel::allow_tables_to_appear_in_same_query!(
    archive_results,
    autofill_cooldowns,
    background_jobs,
    challenges,
    channel_deliveries,
    disputes,
    game_daily_plays,
    game_item_stats,
    game_score_counts,
    game_stats,
    games,
    group_channels,
    group_members,
    password_resets,
    pending_signups,
    player_groups,
    progress,
    push_subscriptions,
    rate_events,
    ratings,
    reminders,
    reports,
    server_keys,
    streaks,
    submissions,
    users,
);
