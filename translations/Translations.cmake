# SPDX-License-Identifier: MIT
# The zh_CN translation of the studio. `cmake --build <dir> --target update_translations` runs
# lupdate (-no-obsolete) over app/, widgets/ and core/ (core translates its user-facing messages
# with QCoreApplication::translate); every build runs lrelease and embeds the .qm under :/i18n.
# tests/gui/tst_translations fails when any entry is unfinished.
function(is_add_translations target)
    file(GLOB_RECURSE IS_TR_SOURCES CONFIGURE_DEPENDS
        ${PROJECT_SOURCE_DIR}/app/*.cpp ${PROJECT_SOURCE_DIR}/app/*.h
        ${PROJECT_SOURCE_DIR}/widgets/*.cpp ${PROJECT_SOURCE_DIR}/widgets/*.h
        ${PROJECT_SOURCE_DIR}/core/*.cpp ${PROJECT_SOURCE_DIR}/core/*.h)
    qt_add_translations(${target}
        TS_FILES ${PROJECT_SOURCE_DIR}/translations/inference-studio_zh_CN.ts
        RESOURCE_PREFIX /i18n
        SOURCES ${IS_TR_SOURCES}
        INCLUDE_DIRECTORIES ${PROJECT_SOURCE_DIR}/core ${PROJECT_SOURCE_DIR}/widgets ${PROJECT_SOURCE_DIR}/app
        LUPDATE_OPTIONS -no-obsolete -locations relative)
endfunction()
