# GTP section 3.1 input preprocessing, and the shape of responses.
# Lines that need control characters are written as "#! " lines with escapes (see test/gtp/tst-runner.ts).

# A tab between words is a space; leading and trailing blanks do not matter.
1	name
#? [graphgo]
   2   name   
#? [graphgo]
#! 3\tknown_command\tplay
#? [true]

# A trailing comment is cut; a comment-only line, an empty line and a blank line get no response at all (the
# client would see an extra response as a protocol error and fail the file).
4 name # the rest is a comment
#? [graphgo]
#! # a comment line
#! 
#!    
#! \t
#! \t# an indented comment
5 protocol_version#comment without a space
#? [2]

# CR is dropped, even inside a word, and so is every other control character but HT and LF.
#! 6 name\r
#? [graphgo]
#! 7 pro\rtocol_version
#? [2]
#! 8 \x01na\x02me\x7f
#? [graphgo]
#! \x00\x1b9 protocol_version\x1f
#? [2]
#! 10 known\x08_command p\x0clay
#? [true]
# A line of control characters only is an empty line.
#! \x01\x02\r\x7f

# Only SPACE and HT are GTP whitespace: a no-break space is an (unknown) command, not a blank line.
#! 11 \u00a0
#? ?[unknown command]
#! 12 name\u00a0
#? ?[unknown command]

# A multi-line response never contains an empty line: showboard starts on the line after "= " and every line of
# it has text.
20 showboard
#? [\n[^\n]+(\n[^\n]+)*]
21 list_commands
#? [[a-z_-]+(\n[a-z_-]+)*]
