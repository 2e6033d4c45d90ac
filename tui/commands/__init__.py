"""Subcommand implementations; each module imports what it needs when called."""


def cmd_list(args):
    from .listing import run
    return run(args)


def cmd_preview(args):
    from .preview import run
    return run(args)


def cmd_eval(args):
    from .evaluate import run
    return run(args)


def cmd_audit(args):
    from .audit import run
    return run(args)


def cmd_remember(args):
    from .writes import remember
    return remember(args)


def cmd_delete(args):
    from .writes import delete
    return delete(args)


def cmd_restore(args):
    from .writes import restore
    return restore(args)


def cmd_promote(args):
    from .promote import run
    return run(args)


def cmd_hook(args):
    from .hook import run
    return run(args)
