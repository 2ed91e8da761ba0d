def broken(:
    import never_read
