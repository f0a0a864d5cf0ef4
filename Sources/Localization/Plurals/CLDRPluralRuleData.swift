// CLDR plural rules as data: `locale|category|condition`, one rule a line, in CLDR's order
// (a locale whose only category is `other` has one line with an empty condition).
// Source: Unicode CLDR, cldr-json repository (unicode-org/cldr-json) at commit
// d4c36e16d572dfa2fb014f489287e26cc09c030d, cldr-core/supplemental/plurals.json and
// ordinals.json, with the sample values (`@integer …`, `@decimal …`) left out; those are
// checked by the tests against Tests/LocalizationTests/CLDR/. Unicode license.

enum CLDRPluralRuleData {
    static let cardinal = """
        af|one|n = 1
        ak|one|n = 0..1
        am|one|i = 0 or n = 1
        an|one|n = 1
        ar|zero|n = 0
        ar|one|n = 1
        ar|two|n = 2
        ar|few|n % 100 = 3..10
        ar|many|n % 100 = 11..99
        ars|zero|n = 0
        ars|one|n = 1
        ars|two|n = 2
        ars|few|n % 100 = 3..10
        ars|many|n % 100 = 11..99
        as|one|i = 0 or n = 1
        asa|one|n = 1
        ast|one|i = 1 and v = 0
        az|one|n = 1
        bal|one|n = 1
        be|one|n % 10 = 1 and n % 100 != 11
        be|few|n % 10 = 2..4 and n % 100 != 12..14
        be|many|n % 10 = 0 or n % 10 = 5..9 or n % 100 = 11..14
        bem|one|n = 1
        bez|one|n = 1
        bg|one|n = 1
        bho|one|n = 0..1
        bm|other|
        bn|one|i = 0 or n = 1
        bo|other|
        br|one|n % 10 = 1 and n % 100 != 11,71,91
        br|two|n % 10 = 2 and n % 100 != 12,72,92
        br|few|n % 10 = 3..4,9 and n % 100 != 10..19,70..79,90..99
        br|many|n != 0 and n % 1000000 = 0
        brx|one|n = 1
        bs|one|v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11
        bs|few|v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14
        ca|one|i = 1 and v = 0
        ca|many|e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5
        ce|one|n = 1
        ceb|one|v = 0 and i = 1,2,3 or v = 0 and i % 10 != 4,6,9 or v != 0 and f % 10 != 4,6,9
        cgg|one|n = 1
        chr|one|n = 1
        ckb|one|n = 1
        cs|one|i = 1 and v = 0
        cs|few|i = 2..4 and v = 0
        cs|many|v != 0
        cy|zero|n = 0
        cy|one|n = 1
        cy|two|n = 2
        cy|few|n = 3
        cy|many|n = 6
        da|one|n = 1 or t != 0 and i = 0,1
        de|one|i = 1 and v = 0
        doi|one|i = 0 or n = 1
        dsb|one|v = 0 and i % 100 = 1 or f % 100 = 1
        dsb|two|v = 0 and i % 100 = 2 or f % 100 = 2
        dsb|few|v = 0 and i % 100 = 3..4 or f % 100 = 3..4
        dv|one|n = 1
        dz|other|
        ee|one|n = 1
        el|one|n = 1
        en|one|i = 1 and v = 0
        eo|one|n = 1
        es|one|n = 1
        es|many|e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5
        et|one|i = 1 and v = 0
        eu|one|n = 1
        fa|one|i = 0 or n = 1
        ff|one|i = 0,1
        fi|one|i = 1 and v = 0
        fil|one|v = 0 and i = 1,2,3 or v = 0 and i % 10 != 4,6,9 or v != 0 and f % 10 != 4,6,9
        fo|one|n = 1
        fr|one|i = 0,1
        fr|many|e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5
        fur|one|n = 1
        fy|one|i = 1 and v = 0
        ga|one|n = 1
        ga|two|n = 2
        ga|few|n = 3..6
        ga|many|n = 7..10
        gd|one|n = 1,11
        gd|two|n = 2,12
        gd|few|n = 3..10,13..19
        gl|one|i = 1 and v = 0
        gsw|one|n = 1
        gu|one|i = 0 or n = 1
        guw|one|n = 0..1
        gv|one|v = 0 and i % 10 = 1
        gv|two|v = 0 and i % 10 = 2
        gv|few|v = 0 and i % 100 = 0,20,40,60,80
        gv|many|v != 0
        ha|one|n = 1
        haw|one|n = 1
        he|one|i = 1 and v = 0 or i = 0 and v != 0
        he|two|i = 2 and v = 0
        hi|one|i = 0 or n = 1
        hnj|other|
        hr|one|v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11
        hr|few|v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14
        hsb|one|v = 0 and i % 100 = 1 or f % 100 = 1
        hsb|two|v = 0 and i % 100 = 2 or f % 100 = 2
        hsb|few|v = 0 and i % 100 = 3..4 or f % 100 = 3..4
        hu|one|n = 1
        hy|one|i = 0,1
        ia|one|i = 1 and v = 0
        id|other|
        ig|other|
        ii|other|
        io|one|i = 1 and v = 0
        is|one|t = 0 and i % 10 = 1 and i % 100 != 11 or t % 10 = 1 and t % 100 != 11
        it|one|i = 1 and v = 0
        it|many|e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5
        iu|one|n = 1
        iu|two|n = 2
        ja|other|
        jbo|other|
        jgo|one|n = 1
        jmc|one|n = 1
        jv|other|
        jw|other|
        ka|one|n = 1
        kab|one|i = 0,1
        kaj|one|n = 1
        kcg|one|n = 1
        kde|other|
        kea|other|
        kk|one|n = 1
        kkj|one|n = 1
        kl|one|n = 1
        km|other|
        kn|one|i = 0 or n = 1
        ko|other|
        ks|one|n = 1
        ksb|one|n = 1
        ksh|zero|n = 0
        ksh|one|n = 1
        ku|one|n = 1
        kw|zero|n = 0
        kw|one|n = 1
        kw|two|n % 100 = 2,22,42,62,82 or n % 1000 = 0 and n % 100000 = 1000..20000,40000,60000,80000 or n != 0 and n % 1000000 = 100000
        kw|few|n % 100 = 3,23,43,63,83
        kw|many|n != 1 and n % 100 = 1,21,41,61,81
        ky|one|n = 1
        lag|zero|n = 0
        lag|one|i = 0,1 and n != 0
        lb|one|n = 1
        lg|one|n = 1
        lij|one|i = 1 and v = 0
        lkt|other|
        ln|one|n = 0..1
        lo|other|
        lt|one|n % 10 = 1 and n % 100 != 11..19
        lt|few|n % 10 = 2..9 and n % 100 != 11..19
        lt|many|f != 0
        lv|zero|n % 10 = 0 or n % 100 = 11..19 or v = 2 and f % 100 = 11..19
        lv|one|n % 10 = 1 and n % 100 != 11 or v = 2 and f % 10 = 1 and f % 100 != 11 or v != 2 and f % 10 = 1
        mas|one|n = 1
        mg|one|n = 0..1
        mgo|one|n = 1
        mk|one|v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11
        ml|one|n = 1
        mn|one|n = 1
        mo|one|i = 1 and v = 0
        mo|few|v != 0 or n = 0 or n != 1 and n % 100 = 1..19
        mr|one|n = 1
        ms|other|
        mt|one|n = 1
        mt|two|n = 2
        mt|few|n = 0 or n % 100 = 3..10
        mt|many|n % 100 = 11..19
        my|other|
        nah|one|n = 1
        naq|one|n = 1
        naq|two|n = 2
        nb|one|n = 1
        nd|one|n = 1
        ne|one|n = 1
        nl|one|i = 1 and v = 0
        nn|one|n = 1
        nnh|one|n = 1
        no|one|n = 1
        nqo|other|
        nr|one|n = 1
        nso|one|n = 0..1
        ny|one|n = 1
        nyn|one|n = 1
        om|one|n = 1
        or|one|n = 1
        os|one|n = 1
        osa|other|
        pa|one|n = 0..1
        pap|one|n = 1
        pcm|one|i = 0 or n = 1
        pl|one|i = 1 and v = 0
        pl|few|v = 0 and i % 10 = 2..4 and i % 100 != 12..14
        pl|many|v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14
        prg|zero|n % 10 = 0 or n % 100 = 11..19 or v = 2 and f % 100 = 11..19
        prg|one|n % 10 = 1 and n % 100 != 11 or v = 2 and f % 10 = 1 and f % 100 != 11 or v != 2 and f % 10 = 1
        ps|one|n = 1
        pt|one|i = 0..1
        pt|many|e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5
        pt-PT|one|i = 1 and v = 0
        pt-PT|many|e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5
        rm|one|n = 1
        ro|one|i = 1 and v = 0
        ro|few|v != 0 or n = 0 or n != 1 and n % 100 = 1..19
        rof|one|n = 1
        ru|one|v = 0 and i % 10 = 1 and i % 100 != 11
        ru|few|v = 0 and i % 10 = 2..4 and i % 100 != 12..14
        ru|many|v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14
        rwk|one|n = 1
        sah|other|
        saq|one|n = 1
        sat|one|n = 1
        sat|two|n = 2
        sc|one|i = 1 and v = 0
        scn|one|i = 1 and v = 0
        sd|one|n = 1
        sdh|one|n = 1
        se|one|n = 1
        se|two|n = 2
        seh|one|n = 1
        ses|other|
        sg|other|
        sh|one|v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11
        sh|few|v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14
        shi|one|i = 0 or n = 1
        shi|few|n = 2..10
        si|one|n = 0,1 or i = 0 and f = 1
        sk|one|i = 1 and v = 0
        sk|few|i = 2..4 and v = 0
        sk|many|v != 0
        sl|one|v = 0 and i % 100 = 1
        sl|two|v = 0 and i % 100 = 2
        sl|few|v = 0 and i % 100 = 3..4 or v != 0
        sma|one|n = 1
        sma|two|n = 2
        smi|one|n = 1
        smi|two|n = 2
        smj|one|n = 1
        smj|two|n = 2
        smn|one|n = 1
        smn|two|n = 2
        sms|one|n = 1
        sms|two|n = 2
        sn|one|n = 1
        so|one|n = 1
        sq|one|n = 1
        sr|one|v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11
        sr|few|v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14
        ss|one|n = 1
        ssy|one|n = 1
        st|one|n = 1
        su|other|
        sv|one|i = 1 and v = 0
        sw|one|i = 1 and v = 0
        syr|one|n = 1
        ta|one|n = 1
        te|one|n = 1
        teo|one|n = 1
        th|other|
        ti|one|n = 0..1
        tig|one|n = 1
        tk|one|n = 1
        tl|one|v = 0 and i = 1,2,3 or v = 0 and i % 10 != 4,6,9 or v != 0 and f % 10 != 4,6,9
        tn|one|n = 1
        to|other|
        tpi|other|
        tr|one|n = 1
        ts|one|n = 1
        tzm|one|n = 0..1 or n = 11..99
        ug|one|n = 1
        uk|one|v = 0 and i % 10 = 1 and i % 100 != 11
        uk|few|v = 0 and i % 10 = 2..4 and i % 100 != 12..14
        uk|many|v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14
        und|other|
        ur|one|i = 1 and v = 0
        uz|one|n = 1
        ve|one|n = 1
        vec|one|i = 1 and v = 0
        vec|many|e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5
        vi|other|
        vo|one|n = 1
        vun|one|n = 1
        wa|one|n = 0..1
        wae|one|n = 1
        wo|other|
        xh|one|n = 1
        xog|one|n = 1
        yi|one|i = 1 and v = 0
        yo|other|
        yue|other|
        zh|other|
        zu|one|i = 0 or n = 1
        """

    static let ordinal = """
        af|other|
        am|other|
        an|other|
        ar|other|
        as|one|n = 1,5,7,8,9,10
        as|two|n = 2,3
        as|few|n = 4
        as|many|n = 6
        ast|other|
        az|one|i % 10 = 1,2,5,7,8 or i % 100 = 20,50,70,80
        az|few|i % 10 = 3,4 or i % 1000 = 100,200,300,400,500,600,700,800,900
        az|many|i = 0 or i % 10 = 6 or i % 100 = 40,60,90
        bal|one|n = 1
        be|few|n % 10 = 2,3 and n % 100 != 12,13
        bg|other|
        bn|one|n = 1,5,7,8,9,10
        bn|two|n = 2,3
        bn|few|n = 4
        bn|many|n = 6
        bs|other|
        ca|one|n = 1,3
        ca|two|n = 2
        ca|few|n = 4
        ce|other|
        cs|other|
        cy|zero|n = 0,7,8,9
        cy|one|n = 1
        cy|two|n = 2
        cy|few|n = 3,4
        cy|many|n = 5,6
        da|other|
        de|other|
        dsb|other|
        el|other|
        en|one|n % 10 = 1 and n % 100 != 11
        en|two|n % 10 = 2 and n % 100 != 12
        en|few|n % 10 = 3 and n % 100 != 13
        es|other|
        et|other|
        eu|other|
        fa|other|
        fi|other|
        fil|one|n = 1
        fr|one|n = 1
        fy|other|
        ga|one|n = 1
        gd|one|n = 1,11
        gd|two|n = 2,12
        gd|few|n = 3,13
        gl|other|
        gsw|other|
        gu|one|n = 1
        gu|two|n = 2,3
        gu|few|n = 4
        gu|many|n = 6
        he|other|
        hi|one|n = 1
        hi|two|n = 2,3
        hi|few|n = 4
        hi|many|n = 6
        hr|other|
        hsb|other|
        hu|one|n = 1,5
        hy|one|n = 1
        ia|other|
        id|other|
        is|other|
        it|many|n = 11,8,80,800
        ja|other|
        ka|one|i = 1
        ka|many|i = 0 or i % 100 = 2..20,40,60,80
        kk|many|n % 10 = 6 or n % 10 = 9 or n % 10 = 0 and n != 0
        km|other|
        kn|other|
        ko|other|
        kw|one|n = 1..4 or n % 100 = 1..4,21..24,41..44,61..64,81..84
        kw|many|n = 5 or n % 100 = 5
        ky|other|
        lij|many|n = 11,8,80..89,800..899
        lo|one|n = 1
        lt|other|
        lv|other|
        mk|one|i % 10 = 1 and i % 100 != 11
        mk|two|i % 10 = 2 and i % 100 != 12
        mk|many|i % 10 = 7,8 and i % 100 != 17,18
        ml|other|
        mn|other|
        mo|one|n = 1
        mr|one|n = 1
        mr|two|n = 2,3
        mr|few|n = 4
        ms|one|n = 1
        my|other|
        nb|other|
        ne|one|n = 1..4
        nl|other|
        no|other|
        or|one|n = 1,5,7..9
        or|two|n = 2,3
        or|few|n = 4
        or|many|n = 6
        pa|other|
        pl|other|
        prg|other|
        ps|other|
        pt|other|
        ro|one|n = 1
        ru|other|
        sc|many|n = 11,8,80,800
        scn|many|n = 11,8,80,800
        sd|other|
        sh|other|
        si|other|
        sk|other|
        sl|other|
        sq|one|n = 1
        sq|many|n % 10 = 4 and n % 100 != 14
        sr|other|
        sv|one|n % 10 = 1,2 and n % 100 != 11,12
        sw|other|
        ta|other|
        te|other|
        th|other|
        tk|few|n % 10 = 6,9 or n = 10
        tl|one|n = 1
        tpi|other|
        tr|other|
        uk|few|n % 10 = 3 and n % 100 != 13
        und|other|
        ur|other|
        uz|other|
        vec|many|n = 11,8,80,800
        vi|one|n = 1
        yue|other|
        zh|other|
        zu|other|
        """
}
